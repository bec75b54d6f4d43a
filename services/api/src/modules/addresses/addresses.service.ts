/**
 * A shopper's saved delivery addresses: list, add, edit, remove, mark the default.
 * Every call is scoped to the caller's own account: another shopper's address is a 404, never a
 * 403, so ids do not leak. At most MAX_SAVED_ADDRESSES (10) per account (the 11th is a 409,
 * checked under a lock on the account row so two tabs cannot pass the limit together). The first
 * address becomes the default; removing the default promotes the oldest remaining one. Every
 * change is audited (`address_created`, `address_updated`, `address_deleted`) with the address
 * id only, so the audit log keeps no address.
 */
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_SAVED_ADDRESSES, savedAddressInputSchema, savedAddressUpdateSchema, type SavedAddress as SavedAddressDto } from '@prata/contracts';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { User } from '../identity/index.ts';
import { SavedAddress } from './saved-address.entity.ts';

const NOT_FOUND = 'Endereço não encontrado.';
const LIMIT_MESSAGE = `Você pode salvar até ${MAX_SAVED_ADDRESSES} endereços. Remova um para adicionar outro.`;

export class AddressesService {
  /** The account's addresses, the default first, then the oldest. */
  async list(em: EntityManager, userId: string): Promise<SavedAddressDto[]> {
    return (await savedAddressesOf(em, userId)).map(toSavedAddressDto);
  }

  /**
   * Adds an address. @throws ConflictError `address_limit` (409) at the limit; NotFoundError for
   * an erased account.
   */
  async create(em: EntityManager, userId: string, input: z.input<typeof savedAddressInputSchema>, meta: RequestMeta): Promise<SavedAddressDto> {
    const data = savedAddressInputSchema.parse(input);
    return em.transactional(async (tx) => {
      const user = await tx.findOne(User, { id: userId, erasedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new NotFoundError('Conta não encontrada');
      const count = await tx.count(SavedAddress, { user: userId });
      if (count >= MAX_SAVED_ADDRESSES) throw new ConflictError(LIMIT_MESSAGE, 'address_limit');
      const isDefault = count === 0 || data.isDefault === true;
      if (isDefault) await tx.nativeUpdate(SavedAddress, { user: userId, isDefault: true }, { isDefault: false });
      const address = tx.create(SavedAddress, { ...data, complement: data.complement || null, user, isDefault });
      audit(tx, { userId, action: 'address_created', details: { addressId: address.id }, meta });
      await tx.flush();
      return toSavedAddressDto(address);
    });
  }

  /** Edits the caller's address (any field; `isDefault: true` makes it the default). @throws NotFoundError. */
  async update(em: EntityManager, userId: string, id: string, input: z.input<typeof savedAddressUpdateSchema>, meta: RequestMeta): Promise<SavedAddressDto> {
    const data = savedAddressUpdateSchema.parse(input);
    return em.transactional(async (tx) => {
      const address = await tx.findOne(SavedAddress, { id, user: userId });
      if (!address) throw new NotFoundError(NOT_FOUND);
      if (data.isDefault === true && !address.isDefault) await tx.nativeUpdate(SavedAddress, { user: userId, isDefault: true }, { isDefault: false });
      const { complement, ...rest } = data;
      tx.assign(address, { ...rest, ...(complement === undefined ? {} : { complement: complement || null }) });
      audit(tx, { userId, action: 'address_updated', details: { addressId: id, fields: Object.keys(data) }, meta });
      await tx.flush();
      return toSavedAddressDto(address);
    });
  }

  /** Removes the caller's address; the oldest remaining one becomes the default if it was. @throws NotFoundError. */
  async remove(em: EntityManager, userId: string, id: string, meta: RequestMeta): Promise<void> {
    await em.transactional(async (tx) => {
      const address = await tx.findOne(SavedAddress, { id, user: userId });
      if (!address) throw new NotFoundError(NOT_FOUND);
      tx.remove(address);
      await tx.flush();
      if (address.isDefault) {
        const next = await tx.findOne(SavedAddress, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
        if (next) next.isDefault = true;
      }
      audit(tx, { userId, action: 'address_deleted', details: { addressId: id }, meta });
      await tx.flush();
    });
  }
}

/** The account's address rows, the default first, then the oldest (for the LGPD export too). */
export function savedAddressesOf(em: EntityManager, userId: string): Promise<SavedAddress[]> {
  return em.find(SavedAddress, { user: userId }, { orderBy: { isDefault: 'desc', createdAt: 'asc', id: 'asc' } });
}

/** The wire shape of a saved address (`savedAddressSchema`). */
export function toSavedAddressDto(address: SavedAddress): SavedAddressDto {
  return {
    id: address.id,
    label: address.label,
    zipCode: address.zipCode,
    street: address.street,
    number: address.number,
    complement: address.complement ?? null,
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
    isDefault: address.isDefault,
    createdAt: address.createdAt.toISOString(),
  };
}
