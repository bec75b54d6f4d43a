/** The shell refers to every singleton remotes take from it (they carry no fallback copies). */
import { expect, it } from 'vitest';
import { SHARED_SINGLETONS } from '@prata/shared-ui/federation';
import { PROVIDED_SINGLETONS } from './provided-singletons.ts';

it('lists exactly the shared singletons of the build configuration', () => {
  expect(Object.keys(PROVIDED_SINGLETONS).sort()).toEqual([...SHARED_SINGLETONS].sort());
});
