import { useState } from 'react';
import { Alert, App, Form } from 'antd';
import { useAppSelector } from '../../lib/hooks';
import { FormDrawer } from '../../components/list/FormDrawer';
import { placeServerErrors } from '../../components/serverErrors';
import {
  useCreateAthleteMutation,
  useListRostersQuery,
  useUpdateAthleteMutation,
  type Athlete,
} from './athleteApi';
import { ALL_ROSTERS, selectAthleteRosterId } from './athleteFiltersSlice';
import { AthleteFields } from './AthleteFields';
import { BuySpotsLink } from './BuySpotsLink';
import {
  athleteFieldNames,
  athleteInputOf,
  formValuesOf,
  type AthleteFormValues,
} from './athleteForm';
import { fullName } from './athleteFormat';
import { TELEMETRY_EVENTS, track } from '../../lib/telemetry';

interface AthleteDrawerProps {
  /** The athlete to edit, or null to add one. */
  athlete: Athlete | null;
  open: boolean;
  onClose: () => void;
  /** The closing animation ended; the caller may unmount the drawer. */
  onClosed: () => void;
}

/**
 * Add or edit an athlete. The server's 400 messages show at their fields; running out
 * of athlete spots says so with the way to the Store. A new athlete starts on the
 * roster being viewed.
 */
export function AthleteDrawer({ athlete, open, onClose, onClosed }: AthleteDrawerProps) {
  const [form] = Form.useForm<AthleteFormValues>();
  const rosterId = useAppSelector(selectAthleteRosterId);
  const { data: rosters = [] } = useListRostersQuery();
  const [createAthlete, creating] = useCreateAthleteMutation();
  const [updateAthlete, updating] = useUpdateAthleteMutation();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [spotsError, setSpotsError] = useState<string | null>(null);
  const { message } = App.useApp();

  async function save(values: AthleteFormValues) {
    setOtherErrors([]);
    setSpotsError(null);
    const input = athleteInputOf(values);
    try {
      if (athlete) await updateAthlete({ id: athlete.id, input }).unwrap();
      else {
        await createAthlete(input).unwrap();
        track(TELEMETRY_EVENTS.athleteCreated);
      }
      void message.success(
        athlete ? 'Athlete saved.' : `${input.firstName} ${input.lastName} added.`,
      );
      onClose();
    } catch (error) {
      const { otherFields, messages } = placeServerErrors(form, error, athleteFieldNames);
      const { athleteSpots, ...rest } = otherFields;
      setSpotsError(athleteSpots ? athleteSpots.join(' ') : null);
      setOtherErrors(athleteSpots ? Object.values(rest).flat() : messages);
    }
  }

  return (
    <FormDrawer<AthleteFormValues>
      form={form}
      open={open}
      title={athlete ? `Edit ${fullName(athlete)}` : 'Add athlete'}
      submitText={athlete ? 'Save' : 'Add athlete'}
      saving={creating.isLoading || updating.isLoading}
      errors={otherErrors}
      onClose={onClose}
      onClosed={onClosed}
      initialValues={formValuesOf(athlete, rosterId === ALL_ROSTERS ? undefined : rosterId)}
      onFinish={(values) => void save(values)}
      onValuesChange={(changed: Partial<AthleteFormValues>) => {
        if ('sportId' in changed) form.setFieldValue('positionId', null);
      }}
      notice={
        spotsError && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={spotsError}
            description={<BuySpotsLink />}
          />
        )
      }
    >
      <AthleteFields rosters={rosters} />
    </FormDrawer>
  );
}
