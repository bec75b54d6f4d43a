// Async boundary: shared federation singletons must not be consumed eagerly.
import('./bootstrap.tsx');
