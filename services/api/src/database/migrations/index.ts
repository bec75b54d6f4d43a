/**
 * Every migration of the service, in order. `npm run db:migration:create -- <name>` writes a new
 * file here; add it to this list (explicit lists keep type-stripped Node and bundlers happy).
 */
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121100537_catalogue } from './Migration20261121100537_catalogue.ts';

export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121100537_catalogue', class: Migration20261121100537_catalogue },
];
