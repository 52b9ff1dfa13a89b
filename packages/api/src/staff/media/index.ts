// Image uploads of the console: the storage port and its adapters, the /media endpoint.
export { defaultMediaConfig, loadMediaConfig, type MediaConfig, type MediaStorageConfig } from './config';
export { createMediaStorage } from './create-storage';
export { MEDIA_PREFIX, type MediaPorts, useMedia } from './http';
export { localMediaStorage, type MediaStorage, type StoredMedia } from './storage';
