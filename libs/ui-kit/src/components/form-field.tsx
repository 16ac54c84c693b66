import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { FieldError, Label } from './label';

export interface FormFieldProps {
  /** The input's id: the label points at it and the error gets `${id}-error`. */
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  /** Rendered between the label and the input (for example a link). */
  labelAside?: ReactNode;
  children: ReactNode;
}

/**
 * A label, its input and the validation message under it. Give the input
 * `aria-invalid={!!error}` and `aria-describedby={error ? \`${id}-error\` : undefined}`.
 */
export function FormField({ id, label, error, className, labelAside, children }: FormFieldProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The aria attributes an input of a {@link FormField} should carry. */
export function fieldAria(id: string, error: string | undefined): { 'aria-invalid': boolean; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { 'aria-invalid': false };
}
