/** pt-BR labels of the audit actions (admin.md 3 admin_logs) and a one-line text of their details. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  login: 'Login',
  login_failed: 'Falha de login',
  logout: 'Logout',
  signup: 'Cadastro',
  email_confirmed: 'Email confirmado',
  confirmation_resent: 'Confirmação de email reenviada',
  email_resent: 'Email com falha reenviado',
  email_change_requested: 'Troca de email solicitada',
  email_changed: 'Email alterado',
  password_changed: 'Senha alterada',
  password_reset: 'Senha redefinida',
  profile_updated: 'Perfil atualizado',
  address_created: 'Endereço adicionado',
  address_updated: 'Endereço alterado',
  address_deleted: 'Endereço removido',
  '2fa_enabled': '2FA ativado',
  '2fa_disabled': '2FA desativado',
  '2fa_enrolment_required': 'Configuração do 2FA exigida no login',
  role_granted: 'Permissão concedida',
  role_revoked: 'Permissão removida',
  developer_setup: 'Acesso de desenvolvedor concedido',
  admin_registration_created: 'Registro de administrador criado',
  admin_registration_confirmed: 'Registro de administrador confirmado',
  admin_registration_rejected: 'Registro de administrador recusado',
  refresh_token_reuse: 'Reuso de sessão bloqueado',
  product_created: 'Produto criado',
  product_updated: 'Produto atualizado',
  product_deleted: 'Produto removido',
  product_archived: 'Produto arquivado',
  product_restored: 'Produto restaurado',
  product_image_uploaded: 'Imagem enviada',
  product_image_deleted: 'Imagem removida',
  product_gallery_updated: 'Galeria do produto alterada',
  user_updated: 'Usuário atualizado',
  user_deleted: 'Usuário excluído (LGPD)',
  content_updated: 'Conteúdo salvo',
  social_links_updated: 'Redes sociais salvas',
  order_marked_paid: 'Pedido marcado como pago',
  order_shipped: 'Pedido enviado',
  order_delivered: 'Pedido entregue',
  order_label_bought: 'Etiqueta comprada',
  order_cancelled: 'Pedido cancelado',
  order_refunded: 'Pedido reembolsado',
  order_reinstated: 'Pedido restabelecido',
  return_approved: 'Devolução aprovada',
  return_rejected: 'Devolução recusada',
  review_approved: 'Avaliação aprovada',
  review_rejected: 'Avaliação recusada',
  review_replied: 'Avaliação respondida',
  return_received: 'Devolução recebida',
  return_refunded: 'Devolução reembolsada',
  return_credited: 'Devolução em crédito na loja',
  return_exchanged: 'Troca concluída',
  coupon_created: 'Cupom criado',
  coupon_updated: 'Cupom alterado',
  coupon_paused: 'Cupom pausado',
  coupon_resumed: 'Cupom retomado',
  invoice_retried: 'Nota fiscal enviada de novo',
};

/** The label of `action`, or the action itself when it has none. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** `key: value · key: value` (objects as JSON). */
export function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}
