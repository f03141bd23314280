export {
  IconCalendar as CalendarIcon,
  IconColumns as ColumnsIcon,
  IconLock as LockIcon,
  IconPlus as PlusIcon,
  IconSearch as SearchIcon,
  SortIcon,
} from '../../components/icons';
