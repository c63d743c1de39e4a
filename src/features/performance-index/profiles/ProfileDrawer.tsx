import { useMemo, useState } from 'react';
import moment from 'moment';
import { Alert, App, Col, Flex, Form, InputNumber, Row, Segmented, Select, Typography } from 'antd';
import { MEASUREMENTS, type Measurement } from '../../../../contract/index-constants';
import { DatePicker } from '../../../components/DatePicker';
import { FormDrawer } from '../../../components/list/FormDrawer';
import { placeServerErrors } from '../../../components/serverErrors';
import { isValidationError } from '../../../lib/api';
import { fromCoachUnits, measurementLabel, toCoachUnits } from '../shared/indexFormat';
import { fullName } from '../../../lib/names';
import {
  useCreateProfileMutation,
  useListRosterAthletesQuery,
  useUpdateProfileMutation,
  type Profile,
} from './profileApi';
import {
  bodyweightProblem,
  coachLimits,
  formFieldsOf,
  formValuesOf,
  kindOf,
  measurementProblem,
  profileFieldNames,
  profileInputOf,
  type ProfileFormValues,
} from './profileForm';

interface ProfileDrawerProps {
  /** The profile to edit, or null to add one. */
  profile: Profile | null;
  open: boolean;
  onClose: () => void;
  /** The closing animation ended; the caller may unmount the drawer. */
  onClosed: () => void;
}

const ALL_ATHLETES = -1;

/** The measurements by group, as a coach reads a testing sheet. */
const groups: Array<{ title: string; fields: Measurement[] }> = [
  { title: 'EAPI core tests', fields: ['verticalJumpMm', 'sprint10Ms', 'proAgilityMs'] },
  { title: 'EAPI optional tests', fields: ['sprint40Ms', 'broadJumpMm'] },
  {
    title: 'EASI: the 40-yd sprint’s phases',
    fields: ['accelerationMs', 'transitionMs', 'topSpeedMs', 'flying10Ms'],
  },
];

const hints: Partial<Record<Measurement, string>> = {
  verticalJumpMm: 'Scored as power, with the bodyweight.',
  accelerationMs: 'The 10-yd split.',
  transitionMs: 'From the 10-yd to the 20-yd split.',
  topSpeedMs: 'From the 20-yd split to 40 yd.',
  flying10Ms: 'Used when there is no 20–40 yd time.',
};

/**
 * Add or edit a profile by hand: the athlete, the testing day, bodyweight and each
 * measurement in coach units (seconds; inches or centimetres for jumps). Values outside
 * what a human can do are refused here already; the server's 400 messages show at their
 * fields. A saved profile is `Typed in`: results of that day no longer change it.
 */
export function ProfileDrawer({ profile, open, onClose, onClosed }: ProfileDrawerProps) {
  const [form] = Form.useForm<ProfileFormValues>();
  const [isMetric, setIsMetric] = useState(false);
  const athletes = useListRosterAthletesQuery(ALL_ATHLETES);
  const [createProfile, creating] = useCreateProfileMutation();
  const [updateProfile, updating] = useUpdateProfileMutation();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { message } = App.useApp();
  const initialValues = useMemo(
    () => formValuesOf(profile, false, moment().format('YYYY-MM-DD')),
    [profile],
  );
  const athleteOptions = useMemo(
    () =>
      (athletes.data ?? []).map((athlete) => ({
        value: athlete.id,
        label: `${athlete.lastName}, ${[athlete.firstName, athlete.middleName].filter(Boolean).join(' ')}`,
      })),
    [athletes.data],
  );

  async function save(values: ProfileFormValues) {
    setOtherErrors([]);
    const measured = MEASUREMENTS.some((name) => values[name] != null);
    if (!measured) {
      setOtherErrors(['Type at least one measurement.']);
      return;
    }
    const input = profileInputOf(values, isMetric, profile);
    try {
      if (profile) await updateProfile({ id: profile.id, input }).unwrap();
      else await createProfile(input).unwrap();
      void message.success(profile ? 'Profile saved.' : 'Profile added.');
      onClose();
    } catch (error) {
      const renamed = isValidationError(error)
        ? { ...error, data: { ...error.data, fields: formFieldsOf(error.data.fields) } }
        : error;
      setOtherErrors(placeServerErrors(form, renamed, profileFieldNames).messages);
    }
  }

  /** The same jumps in the other unit: 26 in becomes 66 cm, not 26 cm. */
  function switchUnit(metric: boolean) {
    if (metric === isMetric) return;
    for (const name of ['verticalJumpMm', 'broadJumpMm'] as const) {
      const value = form.getFieldValue(name) as number | null;
      if (value == null) continue;
      const mm = fromCoachUnits(value, 'height', isMetric, profile?.measurements[name]);
      form.setFieldValue(name, toCoachUnits(mm, 'height', metric));
    }
    setIsMetric(metric);
    void form.validateFields(['verticalJumpMm', 'broadJumpMm']).catch(() => undefined);
  }

  const title = profile ? `Edit profile: ${fullName(profile)}, ${profile.testedOn}` : 'Add profile';

  return (
    <FormDrawer<ProfileFormValues>
      form={form}
      open={open}
      title={title}
      size={520}
      submitText={profile ? 'Save' : 'Add profile'}
      saving={creating.isLoading || updating.isLoading}
      errors={otherErrors}
      onClose={onClose}
      onClosed={onClosed}
      initialValues={initialValues}
      onFinish={(values) => void save(values)}
      onValuesChange={(changed: Partial<ProfileFormValues>) => {
        // A new profile starts with the athlete's bodyweight on record.
        if (changed.athleteId == null || form.getFieldValue('bodyweightKg') != null) return;
        const athlete = athletes.data?.find(({ id }) => id === changed.athleteId);
        if (athlete?.weightKg != null) form.setFieldValue('bodyweightKg', athlete.weightKg);
      }}
      notice={
        profile?.origin === 'results' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="Built from this day’s EAPI results"
            description="Saving your changes makes it a typed-in profile: results of that day no longer change it, until you rebuild it from results."
          />
        )
      }
    >
      <Form.Item
        label="Athlete"
        name="athleteId"
        rules={[{ required: true, message: 'Choose the athlete.' }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={athletes.isLoading}
          placeholder="Choose an athlete"
          options={athleteOptions}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Testing day"
            name="testedOn"
            rules={[{ required: true, message: 'Choose the testing day.' }]}
          >
            <DatePicker style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Bodyweight"
            name="bodyweightKg"
            extra="Needed to score the vertical jump."
            rules={[
              {
                validator: async (_rule, value: number | null) => {
                  const problem = bodyweightProblem(value);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <InputNumber min={0} step={1} suffix="kg" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text>Jumps in</Typography.Text>
        <Segmented
          aria-label="Jump units"
          value={isMetric ? 'cm' : 'in'}
          onChange={(unit) => switchUnit(unit === 'cm')}
          options={[
            { value: 'in', label: 'inches' },
            { value: 'cm', label: 'centimetres' },
          ]}
        />
      </Flex>
      {groups.map(({ title: groupTitle, fields }) => (
        <fieldset key={groupTitle} style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
          <Typography.Title level={5} component="legend" style={{ fontSize: 14 }}>
            {groupTitle}
          </Typography.Title>
          <Row gutter={12}>
            {fields.map((name) => (
              <Col key={name} xs={24} sm={12}>
                <MeasurementField name={name} isMetric={isMetric} />
              </Col>
            ))}
          </Row>
        </fieldset>
      ))}
    </FormDrawer>
  );
}

/** One measurement in the coach's unit, with its possible range checked. */
function MeasurementField({ name, isMetric }: { name: Measurement; isMetric: boolean }) {
  const { unit, decimals } = coachLimits(name, isMetric);
  const kind = kindOf(name);
  return (
    <Form.Item
      label={measurementLabel(name)}
      name={name}
      extra={hints[name]}
      rules={[
        {
          validator: async (_rule, value: number | null) => {
            const problem = measurementProblem(name, value, isMetric);
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      <InputNumber
        min={0}
        step={kind === 'time' ? 0.01 : 0.5}
        precision={decimals}
        suffix={unit}
        placeholder={kind === 'time' ? '0.00' : '0.0'}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
