export { IconArrowLeft, IconCheck, IconCopy, IconCreditCard, IconDot, IconLock, IconMinus, IconPencil, IconPlus, IconTrash } from '../../../components/icons';
