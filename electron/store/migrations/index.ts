import { initialSchema } from './001-initial';
import { bookingListIndexes } from './002-booking-list-index';
import { connectionSettings } from './003-connection-settings';
import { importHistory } from './004-import-history';
import { listenSettings } from './005-listen-settings';
import { importDelimiterAndLease } from './006-import-delimiter-and-lease';
import { importsRunByTheDesk } from './007-imports-run-by-the-desk';
import { theServiceBehindTheApi } from './008-the-service-behind-the-api';
import { bookingCountsAndSearchIndex } from './009-booking-counts-and-search-index';
import { receptionSearchAndCheckIns } from './010-reception-search-and-check-ins';
import { oneNameInTheSearchIndex } from './011-one-name-in-the-search-index';
import { theRemotesCopy } from './012-the-remotes-copy';
import { jumpRemovalsAndProductChanges } from './013-jump-removals-and-product-changes';
import { theOutbox } from './014-the-outbox';
import { checkInMarksAcrossDesks } from './015-check-in-marks-across-desks';
import { theMainDesksLanAndPairedDesks } from './016-the-main-desks-lan-and-paired-desks';
import { listChangesPrunedInBulk } from './017-list-changes-pruned-in-bulk';
import type { Migration } from './types';

/** Every schema step in order. Add a file per step and list it here; never edit a shipped step. */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  bookingListIndexes,
  connectionSettings,
  importHistory,
  listenSettings,
  importDelimiterAndLease,
  importsRunByTheDesk,
  theServiceBehindTheApi,
  bookingCountsAndSearchIndex,
  receptionSearchAndCheckIns,
  oneNameInTheSearchIndex,
  theRemotesCopy,
  jumpRemovalsAndProductChanges,
  theOutbox,
  checkInMarksAcrossDesks,
  theMainDesksLanAndPairedDesks,
  listChangesPrunedInBulk,
];
