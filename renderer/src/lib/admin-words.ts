/** What the administrator guard covers, said the same way wherever the passphrase is asked for. */
export const ADMIN_SCOPE =
  'The catalogue, manual credits and corrections, booking-system tokens and the connection are administrator actions.';

/** The way back from a forgotten passphrase: only someone at this computer can take it. */
export const RESET_HINT =
  'Forgotten? On this computer, with the desk stopped or running: npm run admin -- reset (user guide, “The screens”: Administrator).';
