/* Every stored item is defined under lib/storage/: storage.local here, storage.session in ./session, IndexedDB in ./idb. */
export * from './define';
export * from './local';
export * from './batch';
export * from './meeting';
export * from './recipes';
