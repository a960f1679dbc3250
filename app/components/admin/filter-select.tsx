/**
 * A labelled select of a staff page's GET filter form (activity, events, campaign recipients):
 * the first option is the 'everything' choice with an empty value.
 */
export function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  /** The 'everything' option's label, e.g. 'All' or 'Everyone'. */
  anyLabel: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm text-sand">
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.defaultValue} className="input-field mt-1.5">
        <option value="">{props.anyLabel}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
