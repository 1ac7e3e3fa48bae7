// The region dropdown's state (spec point 4): opens on click or arrow keys, and when the
// header's Change link asks for it; closes on selection, Escape or Tab, giving the focus back
// to its button.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { CHOOSE_REGION_HASH } from "../../client/choose-region.ts";
import { saveChosenLocation } from "../../components/layout/chosen-location.ts";
import { moveActiveIndex } from "../../client/listbox-keys.ts";

export function useRegionPicker(
  regionNames: string[],
  location: string,
  setLocation: (location: string) => void,
) {
  const [regionOpen, setRegionOpen] = useState(false);
  const [activeRegion, setActiveRegion] = useState(0);
  const regionButtonRef = useRef<HTMLButtonElement>(null);
  const regionListRef = useRef<HTMLUListElement>(null);
  const regionBoxRef = useRef<HTMLDivElement>(null);
  const regionOptions = useMemo(() => ["", ...regionNames], [regionNames]);
  // Issue 24: a region chosen after the header's Change is the visitor's location, remembered.
  const askedByChange = useRef(false);

  useEffect(() => {
    if (regionOpen) regionListRef.current?.focus();
  }, [regionOpen]);

  // The header's Change link asks for the region choice through the address (issue 16); the
  // fragment is taken out again so the next Change changes the hash and is heard too.
  useEffect(() => {
    const openIfAsked = () => {
      if (window.location.hash !== CHOOSE_REGION_HASH) return;
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
      askedByChange.current = true;
      setActiveRegion(Math.max(0, regionOptions.indexOf(location)));
      setRegionOpen(true);
    };
    openIfAsked();
    window.addEventListener("hashchange", openIfAsked);
    return () => window.removeEventListener("hashchange", openIfAsked);
  }, [regionOptions, location]);

  const openRegions = () => {
    askedByChange.current = false;
    setActiveRegion(Math.max(0, regionOptions.indexOf(location)));
    setRegionOpen(true);
  };
  const closeRegions = () => {
    setRegionOpen(false);
    regionButtonRef.current?.focus();
  };
  const chooseRegion = (index: number) => {
    setLocation(regionOptions[index] ?? "");
    if (askedByChange.current) saveChosenLocation(regionOptions[index] ?? "");
    askedByChange.current = false;
    closeRegions();
  };

  const onRegionButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openRegions();
    }
  };

  const onRegionListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      closeRegions();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      chooseRegion(activeRegion);
    } else if (event.key === "Tab") {
      setRegionOpen(false);
    } else {
      const next = moveActiveIndex(event.key, activeRegion, regionOptions.length);
      if (next === null) return;
      event.preventDefault();
      setActiveRegion(next);
    }
  };

  return {
    regionOpen,
    setRegionOpen,
    activeRegion,
    setActiveRegion,
    regionOptions,
    regionButtonRef,
    regionListRef,
    regionBoxRef,
    openRegions,
    chooseRegion,
    onRegionButtonKeyDown,
    onRegionListKeyDown,
  };
}
