/**
 * The input of a uid attribute, as Strapi's admin has it: the server makes the value
 * (`POST /content-manager/uid/generate`, a slug of the target field unique among the stored
 * entries) on the Regenerate button, and by itself on a new entry while its target field
 * changes and the editor has not typed a value of its own; a value that differs from the
 * stored one is checked (`/uid/check-availability`) and its availability shown under the field.
 * A uid inside a component has no stored entries to be unique among: a plain text input.
 */
import { Button, Group, TextInput } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { api, queryString } from '../../api';
import type { FieldInputProps } from '../../registry';
import { useSession } from '../../session';
import { FormValues } from './scalar-inputs';

/** What a uid input needs to know of the entry being edited. */
export interface EditFacts {
  creating: boolean;
  /** the locale of a localized type's entry */
  locale: string | null;
  /** the entry as stored (its own uid value is not "taken") */
  stored: Record<string, unknown> | null;
}

export const EditFactsContext = createContext<EditFacts>({ creating: false, locale: null, stored: null });

const DELAY_MS = 300;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

type Availability = { state: 'idle' } | { state: 'available' } | { state: 'taken'; suggestion: string | null } | { state: 'unknown' } | { state: 'failed' };

export function UidInput(props: FieldInputProps) {
  const { name, model, label, attribute, value, onChange, error, disabled } = props;
  const session = useSession();
  const values = useContext(FormValues);
  const facts = useContext(EditFactsContext);
  const onServer = session.contentTypes.some((type) => type.uid === model);
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  const [busy, setBusy] = useState(false);
  const customized = useRef(false);
  const target = attribute.targetField ? text(values[attribute.targetField]) : '';
  const current = text(value);
  const locale = facts.locale ? queryString({ locale: facts.locale }) : '';

  const generate = async () => {
    setBusy(true);
    try {
      const data = attribute.targetField ? { [attribute.targetField]: values[attribute.targetField] } : {};
      const answer = await api.post<{ data: string }>(`/content-manager/uid/generate${locale}`, { contentTypeUID: model, field: name, data });
      onChange(answer.data);
    } catch {
      setAvailability({ state: 'failed' });
    } finally {
      setBusy(false);
    }
  };
  const generateRef = useRef(generate);
  generateRef.current = generate;

  // a new entry follows its target field until the editor types a value of its own
  useEffect(() => {
    if (!onServer || !facts.creating || customized.current || target === '' || disabled) return;
    const timer = setTimeout(() => void generateRef.current(), DELAY_MS);
    return () => clearTimeout(timer);
  }, [onServer, facts.creating, target, disabled]);

  useEffect(() => {
    const stored = facts.stored ? text(facts.stored[name]) : '';
    if (!onServer || current === '' || current === stored || !/^[A-Za-z0-9-_.~]*$/.test(current)) {
      setAvailability({ state: 'idle' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api
        .post<{ isAvailable: boolean; suggestion: string | null }>(`/content-manager/uid/check-availability${locale}`, { contentTypeUID: model, field: name, value: current })
        .then((answer) => live && setAvailability(answer.isAvailable ? { state: 'available' } : { state: 'taken', suggestion: answer.suggestion }))
        .catch(() => live && setAvailability({ state: 'unknown' }));
    }, DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [onServer, current, facts.stored, name, model, locale]);

  const description =
    availability.state === 'available'
      ? 'Available'
      : availability.state === 'taken'
        ? `Unavailable${availability.suggestion ? `: ${availability.suggestion} is free` : ''}`
        : availability.state === 'unknown'
          ? 'Availability could not be checked'
          : availability.state === 'failed'
            ? 'The value could not be generated'
            : undefined;

  return (
    <Group align="flex-start" wrap="nowrap">
      <TextInput
        name={name}
        label={label}
        error={error}
        disabled={disabled}
        required={attribute.required === true}
        style={{ flex: 1 }}
        value={current}
        description={description ? <span aria-live="polite">{description}</span> : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        onChange={(e) => {
          customized.current = true;
          onChange(e.currentTarget.value);
        }}
      />
      {onServer && (
        <Button variant="light" mt={24} loading={busy} disabled={disabled} onClick={() => void generate()} aria-label={`Regenerate ${label}`}>
          Regenerate
        </Button>
      )}
    </Group>
  );
}
