export { IconTrash as TrashIcon } from '../../components/icons';
