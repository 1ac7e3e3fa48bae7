// What the Map view says when it cannot do its job (issue 31); the loader and the view share it.
export const MAP_FAILED_MESSAGE = "The map could not load. The list on this page shows the same places.";
export const MAP_PLACES_FAILED_MESSAGE = "Failed to load the places on the map. Move the map to try again.";
