/**
 * @prata/shared-ui: the design system of Prata 925, bundled by each app (tree-shaken). The
 * cross-remote client state is a federation singleton of its own, imported only by its one name,
 * `@prata/shared-ui/state`.
 * Design tokens are CSS custom properties in `styles/global.css` (`@prata/shared-ui/styles.css`).
 */
export { Button, buttonClassName, type ButtonProps } from './components/button.tsx';
export { Badge, type BadgeVariant } from './components/badge.tsx';
export { OrderStatusBadge } from './components/order-status-badge.tsx';
export { Stars } from './components/stars.tsx';
export { Price, type PriceProps } from './components/price.tsx';
export { Spinner, Skeleton, SkeletonText, EmptyState, type SpinnerProps, type SkeletonProps, type EmptyStateProps } from './components/feedback.tsx';
export { NotFoundPage, ErrorScreen, type ErrorScreenProps } from './components/pages.tsx';
export { PageErrorBoundary } from './components/page-error-boundary.tsx';
export { StaticContent, type StaticContentProps } from './components/static-content.tsx';
export { CodeField, CODE_FIELD_LABEL, sanitizeCode, type CodeFieldProps, type CodeKind } from './components/code-field.tsx';
export { SecondFactorForm, type SecondFactorFormProps } from './components/second-factor-form.tsx';
export { PanelSignInForm, type PanelSignInFormProps } from './components/panel-sign-in-form.tsx';
export { Dialog, Sheet, preloadDialog, type DialogProps, type SheetProps } from './components/dialog.tsx';
export { DropdownMenu, type DropdownMenuItem, type DropdownMenuProps } from './components/dropdown-menu.tsx';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './components/tabs.tsx';
export { Card, type CardProps } from './components/card.tsx';
export { Table, type TableProps } from './components/table.tsx';
export { Alert, type AlertProps } from './components/alert.tsx';
export { Breadcrumb, Pagination, paginationRange, type BreadcrumbItem, type PaginationProps } from './components/navigation.tsx';
export { ToggleGroup, type ToggleGroupOption, type ToggleGroupProps } from './components/toggle-group.tsx';
export {
  Field,
  PasswordInput,
  Input,
  Textarea,
  Select,
  TextField,
  TextareaField,
  SelectField,
  Checkbox,
  RadioGroup,
  Switch,
  inputClassName,
  textareaClassName,
  selectClassName,
  type FieldProps,
  type FieldControlProps,
  type PasswordInputProps,
  type InputProps,
  type TextareaProps,
  type SelectProps,
  type SelectOption,
  type CheckboxProps,
  type RadioGroupProps,
  type RadioOption,
  type SwitchProps,
} from './components/form.tsx';
export { businessDaysText, formatBRL, formatDate, formatDateTime } from './lib/format.ts';
export { downloadFile } from './lib/download.ts';
export { PixPrice, type PixPriceProps } from './components/pix-price.tsx';
export { STORE_OFFERS_QUERY_KEY, NO_STORE_OFFERS, getStoreOffers, getStoreOffersQueryOptions, useStoreOffers } from './lib/store-offers.ts';
export { productImageUrl, productImageSrcSet, fallbackImageUrl } from './lib/images.ts';
export { STORE_CONTACT_QUERY_KEY, getStoreContact, getStoreContactQueryOptions, useStoreContact } from './lib/store-contact.ts';
export { usePanelSignOut } from './lib/use-panel-sign-out.ts';
export {
  REMOTE_MODULE_CONTRACT_VERSION,
  ROUTE_LAYOUTS,
  defineRemoteModule,
  parseRemoteModule,
  routeLayout,
  routeRendering,
  type PageContext,
  type PageHead,
  type RemoteModule,
  type RemoteRoute,
  type RouteLayout,
  type RouteRendering,
} from './lib/remote-module.ts';
export { lazyPage, type LazyPage } from './lib/lazy-page.ts';
export { PanelLayout, PanelScreen, type PanelLayoutProps, type PanelSection } from './components/panel-layout.tsx';
export { PanelLoginScreen, type PanelLoginScreenProps } from './components/panel-login-screen.tsx';
export { FilePicker, type FilePickerProps } from './components/file-picker.tsx';
export { InvoiceLinks, type InvoiceLinksProps } from './components/invoice-links.tsx';
