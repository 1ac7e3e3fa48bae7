// The search bar's region dropdown (spec point 4): a button showing the chosen region and the
// listbox of London's regions, with "All London" first.
import type { useRegionPicker } from "./use-region-picker.ts";

export const ALL_LONDON = "All London";

export function RegionField({
  listId,
  location,
  picker,
}: {
  listId: string;
  location: string;
  picker: ReturnType<typeof useRegionPicker>;
}) {
  const { regionOpen, setRegionOpen, activeRegion, setActiveRegion, regionOptions } = picker;
  const regionLabel = location || ALL_LONDON;
  return (
    <div className="search-field search-region" ref={picker.regionBoxRef} data-search-region>
      <input type="hidden" name="location" value={location} />
      <button
        ref={picker.regionButtonRef}
        type="button"
        className="search-region-button"
        aria-haspopup="listbox"
        aria-expanded={regionOpen}
        aria-controls={listId}
        aria-label={`Region: ${regionLabel}`}
        onClick={() => (regionOpen ? setRegionOpen(false) : picker.openRegions())}
        onKeyDown={picker.onRegionButtonKeyDown}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>
        <span className="search-region-label">{regionLabel}</span>
        <svg className="search-caret" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="m7 10 5 5 5-5z" />
        </svg>
      </button>
      <ul
        ref={picker.regionListRef}
        className="search-popup search-region-list"
        id={listId}
        role="listbox"
        aria-label="Region"
        tabIndex={-1}
        hidden={!regionOpen}
        aria-activedescendant={regionOpen ? `${listId}-${activeRegion}` : undefined}
        onKeyDown={picker.onRegionListKeyDown}
      >
        {regionOptions.map((name, index) => (
          <li
            key={name || ALL_LONDON}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={name === location}
            data-active={index === activeRegion || undefined}
            className="search-option"
            onClick={() => picker.chooseRegion(index)}
            onPointerMove={() => setActiveRegion(index)}
          >
            {name || ALL_LONDON}
          </li>
        ))}
      </ul>
    </div>
  );
}
