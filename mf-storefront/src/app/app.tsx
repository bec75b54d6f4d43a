/**
 * The storefront remote's exposed App: its own routes (absolute paths), mounted by the shell for
 * every path the registry gives the storefront. Unknown paths show the not-found page.
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@prata/shared-ui';
import { CatalogueRoute } from './routes/catalogue.tsx';
import { HomeRoute } from './routes/home.tsx';
import { PlaceholderRoute } from './routes/placeholder.tsx';

export default function StorefrontApp() {
  return (
    <Routes>
      <Route path="/" element={<HomeRoute />} />
      <Route path="/produtos" element={<CatalogueRoute />} />
      <Route path="/sobre" element={<PlaceholderRoute title="Sobre Nós" text="Nossa história, nossos valores: qualidade, paixão e excelência." />} />
      <Route path="/contato" element={<PlaceholderRoute title="Contato" text="Atendimento de segunda a sexta, das 9h às 18h, e sábado, das 9h às 14h." />} />
      <Route path="/auth" element={<PlaceholderRoute title="Entrar" text="O acesso à conta estará disponível em breve." />} />
      <Route path="/recuperar-senha" element={<PlaceholderRoute title="Recuperar senha" text="Em breve." />} />
      <Route path="/reset-password" element={<PlaceholderRoute title="Nova senha" text="Em breve." />} />
      <Route path="/politica-privacidade" element={<PlaceholderRoute title="Política de Privacidade" text="Em breve." />} />
      <Route path="/politica-troca" element={<PlaceholderRoute title="Política de Troca e Devolução" text="Em breve." />} />
      <Route path="/termos-uso" element={<PlaceholderRoute title="Termos de Serviço" text="Em breve." />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
