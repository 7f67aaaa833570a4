import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';

/**
 * class-transformer's registry of `@Type` metadata. It is not part of the package's public entry point, but the
 * package has no `exports` map and 0.5.1 is its final release, so the path is stable.
 */
export const typeMetadataStorage: MetadataStorage = require('class-transformer/cjs/storage').defaultMetadataStorage;
