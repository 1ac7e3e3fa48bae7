// A review's page when there is nothing to show: 404 for a review that does not exist, was
// removed, is a private account's or is across a block (all alike, docs/security.md), 500 when
// the API could not be read. The words are the spec's error screen (point 8), as on /404.
import { errorScreenContent } from "../error-screen-message.ts";

export function ReviewMissing({ status }: { status: 404 | 500 }) {
  const { heading, message } = errorScreenContent(status);
  return (
    <section className="rp-missing" aria-labelledby="rp-missing-heading">
      <h1 id="rp-missing-heading">
        <span className="rp-missing__status">{heading}</span>
        <span className="rp-missing__message">{message}</span>
      </h1>
      <div className="rp-missing__actions">
        <a className="btn btn-primary" href="/">
          Go to the home page
        </a>
        <a className="btn btn-secondary" href="/search">
          Search dishes and restaurants
        </a>
      </div>
    </section>
  );
}

/** The head of the missing page: what /404 says. */
export function missingMeta(status: 404 | 500) {
  const { message } = errorScreenContent(status);
  return {
    title: status === 404 ? "Page not found | Dishcovery" : "Something went wrong | Dishcovery",
    description: message,
  };
}
