import { TextField } from "#app/components/ui/text-field";

type ContactField = "name" | "email" | "phone";

/**
 * Name, e-mail and phone as the public forms ask for them (a reservation, the community sign-up):
 * the same labels, autocomplete hints and examples everywhere. A reservation requires name and e-mail.
 */
export function ContactFields(props: {
  idOf: (field: ContactField) => string;
  values?: Partial<Record<ContactField, string>>;
  errors: Partial<Record<ContactField, string>>;
  required?: boolean;
}) {
  const { idOf, values, errors } = props;
  return (
    <>
      <TextField id={idOf("name")} name="name" label="Name" type="text" autoComplete="name" required={props.required} defaultValue={values?.name} error={errors.name} />
      <TextField
        id={idOf("email")}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required={props.required}
        defaultValue={values?.email}
        error={errors.email}
      />
      <TextField
        id={idOf("phone")}
        name="phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        defaultValue={values?.phone}
        error={errors.phone}
      />
    </>
  );
}
