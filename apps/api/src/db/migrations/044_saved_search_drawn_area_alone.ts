/**
 * A search saved from the map with a drawn area kept the map's view box as well (`min_lat` … `max_lon` beside `polygon_coordinates`), so a
 * listing inside the area but off the screen of that moment never matched and was never announced. The web app
 * now saves the drawn area alone (features/map, buildMapResultsBody); this gives the searches saved before the
 * same meaning. match_area and match_keys are generated columns and follow.
 */
export const up = `
update saved_searches set filters = filters - array['min_lat','max_lat','min_lon','max_lon'] where jsonb_typeof(filters->'polygon_coordinates') = 'array' and filters ?| array['min_lat','max_lat','min_lon','max_lon'];
`;
