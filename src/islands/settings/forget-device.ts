// What this browser forgets when its person deletes their account (issue 24): everything the
// site keeps in localStorage and sessionStorage is theirs (the session, the remembered login
// address, recent people searches, liked comments, a sign-up or review draft, the chosen
// location), so all of it goes, including keys added after this was written. Nothing of one
// person should greet the next one to use the device.

type Clearable = Pick<Storage, "clear">;

/** Empties both stores; a store the browser refuses (privacy mode) holds nothing to forget. */
export function forgetThisDevice(stores: () => (Clearable | null)[] = browserStores): void {
  for (const store of stores()) {
    try {
      store?.clear();
    } catch {
      // Storage disabled: there is nothing kept.
    }
  }
}

function browserStores(): (Clearable | null)[] {
  const read = (get: () => Storage): Storage | null => {
    try {
      return get();
    } catch {
      return null;
    }
  };
  return [read(() => window.localStorage), read(() => window.sessionStorage)];
}

/** Where the person lands: the public, signed-out page that says the account is gone. */
export const ACCOUNT_DELETED_PATH = "/account-deleted";
