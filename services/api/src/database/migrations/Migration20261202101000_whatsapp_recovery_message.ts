import { Migration } from '@mikro-orm/migrations';

/**
 * `order_messages` may hold the WhatsApp 'recovery' message (the PIX code or boleto about to
 * expire, modules/messaging): the kind's check names it.
 */
export class Migration20261202101000_whatsapp_recovery_message extends Migration {

  override name = 'Migration20261202101000_whatsapp_recovery_message';

  override up(): void | Promise<void> {
    this.addSql(`alter table "order_messages" drop constraint if exists "order_messages_kind_check";`);
    this.addSql(`alter table "order_messages" add constraint "order_messages_kind_check" check ("kind" in ('received', 'paid', 'shipped', 'delivered', 'recovery'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "order_messages" where "kind" = 'recovery';`);
    this.addSql(`alter table "order_messages" drop constraint if exists "order_messages_kind_check";`);
    this.addSql(`alter table "order_messages" add constraint "order_messages_kind_check" check ("kind" in ('received', 'paid', 'shipped', 'delivered'));`);
  }

}
