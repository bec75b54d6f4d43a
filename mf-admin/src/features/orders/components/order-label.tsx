/**
 * The order's shipping label: for a paid order, where the store
 * sells labels (`CARRIER=melhorenvio` or `sandbox`), 'Comprar etiqueta' opens a fresh quote for
 * the order's CEP and items with the service the shopper paid for preselected; buying ships the
 * order (the shopper gets the tracking code by e-mail). Once bought, the label's service, tracking
 * code and the carrier's last status show with 'Imprimir etiqueta'. With `CARRIER=table` nothing
 * shows: the owner ships with 'Enviar pedido' (carrier and tracking code by hand).
 */
import { useState } from 'react';
import { CARRIER_STATUS_LABELS, businessDaysText, type AdminOrder } from '@prata/contracts';
import { Alert, Button, Dialog, RadioGroup, Spinner, buttonClassName, formatBRL, formatDateTime, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBuyLabel, useLabelOptions, useOrderShipment } from '../api/order-label.ts';
import styles from './orders.module.css';

function BuyLabelDialog({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const options = useLabelOptions(order.id, open);
  const buy = useBuyLabel(order.id);
  const serviceId = chosen ?? options.data?.preselectedServiceId ?? null;
  const close = () => {
    setOpen(false);
    setChosen(null);
  };
  const submit = () => {
    if (!serviceId) return;
    buy.mutate(serviceId, {
      onSuccess: (label) => {
        close();
        toast.success('Etiqueta comprada', { description: `Pedido ${order.number} enviado${label.trackingCode ? ` · rastreio ${label.trackingCode}` : ''}` });
      },
      onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Não foi possível comprar a etiqueta.') }),
    });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Comprar etiqueta</Button>
      <Dialog
        open={open}
        onClose={close}
        title={`Comprar etiqueta do pedido ${order.number}`}
        description="Preços e prazos cotados agora para o CEP e os itens do pedido. Ao comprar, o pedido é marcado como enviado e o cliente recebe o código de rastreio por e-mail."
        footer={
          <>
            <Button variant="outline" onClick={close}>
              Voltar
            </Button>
            <Button onClick={submit} disabled={!serviceId || buy.isPending} aria-busy={buy.isPending}>
              {buy.isPending ? 'Comprando...' : 'Comprar etiqueta'}
            </Button>
          </>
        }
      >
        {options.isPending ? (
          <Spinner label="Cotando o frete..." showLabel />
        ) : options.isError ? (
          <Alert variant="danger">{errorMessage(options.error, 'Não foi possível cotar o frete agora.')}</Alert>
        ) : (
          <RadioGroup
            legend="Serviço de frete"
            name="label-service"
            value={serviceId}
            onValueChange={setChosen}
            options={options.data.options.map((option) => ({
              value: option.serviceId,
              label: `${option.carrier} ${option.name} · ${formatBRL(option.priceCents)}`,
              hint: `${businessDaysText(option)}${option.serviceId === options.data.preselectedServiceId ? ' · escolhido pelo cliente' : ''}`,
            }))}
          />
        )}
      </Dialog>
    </>
  );
}

export function OrderLabel({ order }: { order: AdminOrder }) {
  const state = useOrderShipment(order.id);
  const label = state.data?.shipment;
  if (label) {
    return (
      <div className={styles.actions} data-testid="order-label">
        <p className={styles.muted}>
          Etiqueta {label.carrier} {label.serviceName}
          {label.trackingCode ? (
            <>
              {' · '}
              <span className={styles.code}>{label.trackingCode}</span>
            </>
          ) : null}
          {' · '}
          {CARRIER_STATUS_LABELS[label.carrierStatus] ?? label.carrierStatus}
          {label.lastCheckedAt ? ` (consultado em ${formatDateTime(label.lastCheckedAt)})` : ''}
        </p>
        {label.labelUrl ? (
          <a className={buttonClassName('outline')} href={label.labelUrl} target="_blank" rel="noopener noreferrer">
            Imprimir etiqueta
          </a>
        ) : (
          <p className={styles.muted}>Etiqueta paga, aguardando a transportadora gerá-la.</p>
        )}
      </div>
    );
  }
  if (order.status !== 'paid' || !state.data?.labelsAvailable) return null;
  return <BuyLabelDialog order={order} />;
}
