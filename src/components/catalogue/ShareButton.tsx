// Share on dish and restaurant pages (issue 30), as on review pages: the system share sheet
// where the browser has one, else the link copied, with "Link copied" said in a polite live
// region. The link is the page's canonical address, which carries the public origin.
// src/client/item-share.ts wires it up.
export function ShareButton() {
  return (
    <div className="cat-share">
      <button type="button" className="btn btn-secondary cat-share__button" data-item-share>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1Z"
          />
        </svg>
        Share
      </button>
      <p className="cat-share__status" role="status" data-item-share-status></p>
    </div>
  );
}
