/**
 * `saved_addresses`: a shopper's delivery addresses, at most MAX_SAVED_ADDRESSES
 * (10) per account, one of them the default (a partial unique index keeps it to one). The fields
 * mirror the checkout's delivery fields; the CEP is stored as `00000-000`, the state as its UF
 * code. Rows go with the account: deleted by the LGPD erasure (users module) and by cascade.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../identity/index.ts';

export const SavedAddressSchema = defineEntity({
  name: 'SavedAddress',
  tableName: 'saved_addresses',
  indexes: [
    { name: 'saved_addresses_user_id_index', properties: ['user'] },
    {
      name: 'saved_addresses_one_default_index',
      expression: `create unique index "saved_addresses_one_default_index" on "saved_addresses" ("user_id") where "is_default"`,
    },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    label: p.string().length(40),
    zipCode: p.string().length(9),
    street: p.string().length(200),
    number: p.string().length(10),
    complement: p.string().length(100).nullable(),
    neighborhood: p.string().length(100),
    city: p.string().length(100),
    state: p.string().length(2),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class SavedAddress extends SavedAddressSchema.class {}
SavedAddressSchema.setClass(SavedAddress);
