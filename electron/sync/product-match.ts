/** The rule lives in shared/service/ (the desk's matching tester explains it); the Sync API applies it from here. */
export { matchProduct } from '../../shared/service/product-match';
