import { Link } from "react-router";
import { seatBudgetContact } from "#app/modules/reservations";

/** After a seat budget refusal: how a larger group reaches the organisers (a plain link, so it works before scripts). */
export function OrganisersContact() {
  return (
    <>
      {" "}
      {seatBudgetContact.lead}{" "}
      <Link to={seatBudgetContact.href} className="font-semibold underline underline-offset-2">
        {seatBudgetContact.linkText}
      </Link>
      .
    </>
  );
}
