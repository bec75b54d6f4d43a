/**
 * Orders (storefront.md 3, admin.md 3; issue 5): `orders` and `order_items` (quantity,
 * unit_price, total_price, product_id, product name). Money in BRL cents. The card number is
 * never stored: brand and last 4 digits only.
 * Status: pending -> paid -> (shipped -> delivered) | cancelled.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@prata/contracts';
import { Product } from '../catalogue/product.entity.ts';
import { User } from '../identity/identity.entities.ts';

export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'orders',
  uniques: [{ properties: ['user', 'idempotencyKey'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Human number, e.g. P925-000042. */
    number: p.string().length(20).unique(),
    user: () => p.manyToOne(User).deleteRule('restrict'),
    status: p.enum(ORDER_STATUSES).index(),
    totalCents: p.integer().check('total_cents >= 0'),
    paymentMethod: p.enum(PAYMENT_METHODS),
    idempotencyKey: p.uuid(),
    customerName: p.string().length(100),
    customerEmail: p.string().length(255),
    customerPhone: p.string().length(20),
    zipCode: p.string().length(10),
    street: p.string().length(200),
    addressNumber: p.string().length(10),
    complement: p.string().length(100).nullable(),
    neighborhood: p.string().length(100),
    city: p.string().length(100),
    state: p.string().length(2),
    cardBrand: p.string().length(40).nullable(),
    cardLast4: p.string().length(4).nullable(),
    installments: p.integer().nullable(),
    pixPayload: p.text().nullable(),
    pixTxid: p.string().length(25).nullable(),
    pixExpiresAt: p.datetime().nullable(),
    boletoLine: p.string().length(60).nullable(),
    boletoDueDate: p.string().length(10).nullable(),
    paymentReference: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    paidAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelReason: p.string().length(100).nullable(),
    items: () => p.oneToMany(OrderItem).mappedBy('order'),
  },
});
export class Order extends OrderSchema.class {}
OrderSchema.setClass(Order);

export const OrderItemSchema = defineEntity({
  name: 'OrderItem',
  tableName: 'order_items',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade'),
    product: () => p.manyToOne(Product).nullable().deleteRule('set null'),
    productName: p.string().length(200),
    quantity: p.integer().check('quantity > 0'),
    unitPriceCents: p.integer(),
    totalPriceCents: p.integer(),
  },
});
export class OrderItem extends OrderItemSchema.class {}
OrderItemSchema.setClass(OrderItem);
