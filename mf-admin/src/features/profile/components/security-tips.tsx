/** Security tips of the profile tab (admin.md 2). */
import { Lightbulb } from 'lucide-react';
import styles from './profile.module.css';
import { Card } from '@prata/shared-ui';

const TIPS = [
  'Use uma senha longa e única para o painel, que você não usa em nenhum outro site.',
  'Ative a autenticação de dois fatores na aba Segurança.',
  'Guarde os códigos de recuperação do 2FA em um local seguro e offline.',
  'Nunca compartilhe sua senha ou códigos de verificação, nem com a equipe da loja.',
  'Saia do painel ao usar computadores compartilhados.',
  'Desconfie de emails pedindo sua senha: a Prata 925 nunca pede senhas por email.',
];

export function SecurityTips() {
  return (
    <Card title="Dicas de Segurança" icon={<Lightbulb size={20} aria-hidden="true" />}>
      <ul className={styles.tips}>
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}
