import { useState } from 'react';

/**
 * Which control of a component started the add under way, if one did (its button says "Adding…"; an add
 * started elsewhere leaves it alone). Forgotten once an add ends, not before one begins: the click that
 * starts it may render before the store says an add runs.
 */
export function useOwnAdd<Which>(adding: boolean): readonly [Which | null, (which: Which) => void] {
  const [which, setWhich] = useState<Which | null>(null);
  const [wasAdding, setWasAdding] = useState(adding);
  if (adding !== wasAdding) {
    setWasAdding(adding);
    if (!adding) setWhich(null);
  }
  return [adding ? which : null, setWhich];
}
