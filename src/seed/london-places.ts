// London's regions and neighbourhoods for the seed: real names, real post code districts and
// real streets, with a paragraph on each area's food scene. Businesses are never named here
// (markets and streets only), because no real restaurant is reviewed on the site.

export const REGION_NAMES = ["Central London", "North London", "East London", "South London", "West London"] as const;
export type RegionName = (typeof REGION_NAMES)[number];

export interface AreaSeed {
  name: string;
  region: RegionName;
  /** Post code districts that cover the area; addresses draw from these. */
  districts: string[];
  streets: string[];
  /** Cuisine keys that are especially common here, so the catalogue has local character. */
  localCuisines: string[];
  /** Relative number of restaurants (Soho has more than Balham). */
  weight: number;
  content: string;
  /** Colours for the area's skyline artwork: sky top, sky bottom, buildings. */
  palette: [string, string, string];
}

/** The header's default location label is "London, Islington" (spec point 9). */
export const DEFAULT_AREA_NAME = "Islington";

export const AREAS: AreaSeed[] = [
  // Central
  {
    name: "Soho",
    region: "Central London",
    districts: ["W1D", "W1F"],
    streets: ["Dean Street", "Frith Street", "Greek Street", "Old Compton Street", "Wardour Street", "Berwick Street", "Lexington Street", "Brewer Street"],
    localCuisines: ["chinese", "italian", "japanese", "korean"],
    weight: 3,
    content:
      "Soho packs more places to eat into a few hundred metres than anywhere else in London. Berwick Street's market stalls sell lunch to the studios around it, Chinatown's Gerrard and Lisle Streets spill dumplings and roast duck over its southern edge, and Old Compton Street keeps serving coffee long after the theatres let out. Expect queues without bookings, tiny counters, and kitchens that open at midnight.",
    palette: ["#2b1d4a", "#e0577a", "#16112a"],
  },
  {
    name: "Covent Garden",
    region: "Central London",
    districts: ["WC2E", "WC2H"],
    streets: ["Neal Street", "Floral Street", "Long Acre", "Maiden Lane", "Henrietta Street", "Monmouth Street", "Earlham Street", "Endell Street"],
    localCuisines: ["french", "british", "italian", "mexican"],
    weight: 2.5,
    content:
      "Covent Garden eats to the rhythm of its theatres: pre-theatre set menus from half past five, then a second wave after the curtain comes down. Around Seven Dials a food hall fills an old banana warehouse, Neal's Yard has been home to cheese and vegetarian cooking since the 1970s, and the lanes off the piazza hide steak rooms, oyster bars and late bakeries.",
    palette: ["#f3c27a", "#f8e6c8", "#5a3b2e"],
  },
  {
    name: "Fitzrovia",
    region: "Central London",
    districts: ["W1T", "W1W"],
    streets: ["Charlotte Street", "Goodge Street", "Rathbone Place", "Whitfield Street", "Cleveland Street", "Windmill Street", "Newman Street"],
    localCuisines: ["greek", "italian", "japanese", "spanish"],
    weight: 2,
    content:
      "Charlotte Street has been a restaurant street for over a century, first for Greek Cypriot and Italian families and now for a mix of tasting menus, tapas counters and izakayas. Weekday lunch belongs to the media and design offices around Goodge Street; in the evening the small dining rooms of Fitzrovia fill with people who prefer it to busier Soho next door.",
    palette: ["#9cc9e8", "#eef6fb", "#34495e"],
  },
  {
    name: "Marylebone",
    region: "Central London",
    districts: ["W1U", "W1G", "W1H"],
    streets: ["Marylebone High Street", "Marylebone Lane", "Chiltern Street", "Seymour Place", "Paddington Street", "George Street", "Blandford Street"],
    localCuisines: ["lebanese", "french", "british", "italian"],
    weight: 2,
    content:
      "Marylebone feels like a village wedged between Oxford Street and Regent's Park. The Sunday farmers' market behind the High Street draws cooks from all over town, cheese and butcher's shops line Marylebone Lane, and the Lebanese grills and juice bars of Edgware Road sit a short walk west. Dinner here is polished but rarely stuffy.",
    palette: ["#c7d7a8", "#f4f1de", "#4a5a3a"],
  },
  {
    name: "Mayfair",
    region: "Central London",
    districts: ["W1J", "W1K", "W1S"],
    streets: ["Mount Street", "Shepherd Market", "South Audley Street", "Albemarle Street", "Brook Street", "Dover Street", "Davies Street"],
    localCuisines: ["french", "japanese", "indian", "british"],
    weight: 1.5,
    content:
      "Mayfair is where London dresses up to eat: hotel dining rooms, grand grill rooms and chefs' counters along Mount Street and Dover Street. Tucked behind Piccadilly, the little square of Shepherd Market keeps an older, cheerier character with pubs and small bistros that spill onto the pavement on summer evenings.",
    palette: ["#1f2a44", "#c9a35b", "#0f1626"],
  },
  {
    name: "Clerkenwell",
    region: "Central London",
    districts: ["EC1R", "EC1V", "EC1M"],
    streets: ["St John Street", "Exmouth Market", "Clerkenwell Road", "Leather Lane", "Amwell Street", "Cowcross Street", "Turnmill Street"],
    localCuisines: ["british", "spanish", "italian", "cafe"],
    weight: 2,
    content:
      "Clerkenwell's cooking has long been shaped by Smithfield, the wholesale meat market on its southern edge, which gave the area its taste for nose-to-tail British food. Exmouth Market runs weekday lunch stalls outside a row of restaurants and wine bars, Leather Lane's market feeds office workers from Hatton Garden, and the old warehouses hold some of London's best coffee roasters.",
    palette: ["#8e6c8a", "#f2d0a4", "#3b2c3a"],
  },
  {
    name: "Bloomsbury",
    region: "Central London",
    districts: ["WC1B", "WC1N", "WC1H"],
    streets: ["Lamb's Conduit Street", "Marchmont Street", "Museum Street", "Store Street", "Great Russell Street", "Sicilian Avenue", "Coptic Street"],
    localCuisines: ["cafe", "italian", "korean", "indian"],
    weight: 1.5,
    content:
      "Students, academics and museum-goers keep Bloomsbury's cafés busy from breakfast onwards. Lamb's Conduit Street is the area's high street of independent shops and wine bars, Marchmont Street has cheap and cheerful curry and noodle places, and the streets around the British Museum hide Korean barbecue and bibimbap spots that have fed university crowds for decades.",
    palette: ["#a8c5a0", "#f0ede0", "#3e4f3a"],
  },
  {
    name: "King's Cross",
    region: "Central London",
    districts: ["N1C", "WC1X"],
    streets: ["Granary Square", "Lower Stable Street", "Pancras Square", "York Way", "Caledonian Road", "Gray's Inn Road", "Coal Drops Yard"],
    localCuisines: ["british", "middle-eastern", "cafe", "indian"],
    weight: 1.5,
    content:
      "Once a goods yard, King's Cross now eats in restored Victorian buildings: Coal Drops Yard's arches, the granary beside Regent's Canal and the squares in between. Street food markets set up on Granary Square, canal-side terraces fill on sunny days, and the older streets along Caledonian Road keep their cafés, Turkish grills and pie shops.",
    palette: ["#7fb3d5", "#fde7c9", "#5b3a29"],
  },
  // North
  {
    name: "Islington",
    region: "North London",
    districts: ["N1"],
    streets: ["Upper Street", "Essex Road", "Chapel Market", "Cross Street", "Liverpool Road", "Camden Passage", "Almeida Street", "Theberton Street"],
    localCuisines: ["british", "turkish", "italian", "thai"],
    weight: 3,
    content:
      "Upper Street runs for over a mile past more restaurants than almost any road in London, from Angel to Highbury Corner, with theatre suppers around the Almeida and gastropubs on every side street. Chapel Market sells fruit, fish and street food every day but Monday, Camden Passage mixes antique stalls with cafés, and Essex Road has quietly become one of the area's best places for a long dinner.",
    palette: ["#f7b267", "#fde4c3", "#463a5c"],
  },
  {
    name: "Camden",
    region: "North London",
    districts: ["NW1"],
    streets: ["Camden High Street", "Parkway", "Chalk Farm Road", "Inverness Street", "Camden Road", "Jamestown Road", "Delancey Street"],
    localCuisines: ["american", "mexican", "caribbean", "ethiopian"],
    weight: 2.5,
    content:
      "Camden Market's food stalls, around the Stables and beside the lock, are one of the biggest street food gatherings in Europe, with burgers, bao and Venezuelan arepas side by side. Away from the crowds, Parkway has long-standing neighbourhood restaurants, Inverness Street keeps its small fruit market and pubs, and the canal towpath is the best place to eat what you bought.",
    palette: ["#e94f37", "#f6f7eb", "#393e41"],
  },
  {
    name: "Kentish Town",
    region: "North London",
    districts: ["NW5"],
    streets: ["Kentish Town Road", "Highgate Road", "Leighton Road", "Fortess Road", "Leverton Street", "Brecknock Road", "Lady Somerset Road"],
    localCuisines: ["british", "greek", "italian", "cafe"],
    weight: 1.5,
    content:
      "Kentish Town is a pub neighbourhood first: Victorian corner houses serve Sunday roasts to families who walked over from Parliament Hill. Kentish Town Road has bakeries, Greek Cypriot grills and late cafés that catch the crowd from gigs at the Forum, while the side streets towards Tufnell Park hide small bistros that locals would rather keep to themselves.",
    palette: ["#b5838d", "#ffcdb2", "#4a3040"],
  },
  {
    name: "Highbury",
    region: "North London",
    districts: ["N5"],
    streets: ["Highbury Park", "Blackstock Road", "Avenell Road", "Highbury Barn", "Gillespie Road", "Highbury Grove", "Aberdeen Road"],
    localCuisines: ["turkish", "middle-eastern", "british", "cafe"],
    weight: 1.2,
    content:
      "Highbury Barn, the cluster of food shops at the top of Highbury Park, supplies the neighbourhood with cheese, fish and bread. Blackstock Road is lined with Algerian, Turkish and Moroccan cafés that fill before and after Arsenal games at the nearby stadium, and Highbury Fields is ringed by brunch spots that queue out of the door on weekends.",
    palette: ["#d90429", "#edf2f4", "#2b2d42"],
  },
  {
    name: "Stoke Newington",
    region: "North London",
    districts: ["N16"],
    streets: ["Stoke Newington Church Street", "Stoke Newington High Street", "Albion Road", "Kynaston Road", "Allen Road", "Cazenove Road", "Walford Road"],
    localCuisines: ["turkish", "cafe", "ethiopian", "vegan"],
    weight: 1.5,
    content:
      "Church Street is Stoke Newington's independent high street, with bakeries, delis, wine bars and vegetarian cafés that have been here for decades. The High Street and Stoke Newington Road are the Turkish and Kurdish heart of north London, with charcoal ocakbaşı grills, lahmacun ovens and baklava shops open late, and Clissold Park is where everyone takes their coffee.",
    palette: ["#90be6d", "#f9f7f3", "#355834"],
  },
  {
    name: "Hampstead",
    region: "North London",
    districts: ["NW3"],
    streets: ["Heath Street", "Flask Walk", "Hampstead High Street", "South End Road", "Rosslyn Hill", "Perrin's Lane", "Church Row"],
    localCuisines: ["french", "british", "cafe", "italian"],
    weight: 1.2,
    content:
      "Hampstead's village lanes run down from the Heath, and its food follows the walkers: pubs with fires for Sunday lunch, patisseries on Flask Walk and a long-running crêpe stand that queues all year round. South End Green, at the bottom of the hill, has relaxed cafés and bistros, and the high street keeps a strong French and Italian accent.",
    palette: ["#6a994e", "#f2e8cf", "#386641"],
  },
  {
    name: "Crouch End",
    region: "North London",
    districts: ["N8"],
    streets: ["The Broadway", "Park Road", "Tottenham Lane", "Topsfield Parade", "Middle Lane", "Weston Park", "Coolhurst Road"],
    localCuisines: ["cafe", "italian", "thai", "vietnamese"],
    weight: 1,
    content:
      "Crouch End has no Tube station, which may be why it kept its independent shops. The clock tower on the Broadway is surrounded by brunch cafés, bakeries and delis, Park Road has small family restaurants cooking Italian, Thai and Vietnamese food, and weekend mornings bring a steady stream of pushchairs and dogs in search of good coffee.",
    palette: ["#f4a261", "#fef3e2", "#264653"],
  },
  {
    name: "Finsbury Park",
    region: "North London",
    districts: ["N4"],
    streets: ["Stroud Green Road", "Seven Sisters Road", "Fonthill Road", "Wells Terrace", "Blackstock Road", "Tollington Park", "Woodstock Road"],
    localCuisines: ["ethiopian", "caribbean", "middle-eastern", "turkish"],
    weight: 1.2,
    content:
      "Finsbury Park sits where three boroughs meet, and its food shows it. Ethiopian and Eritrean restaurants serve injera and coffee ceremonies along Seven Sisters Road, Caribbean takeaways and Algerian cafés line Stroud Green Road and Blackstock Road, and the park itself hosts summer festivals with long rows of food stalls.",
    palette: ["#2a9d8f", "#e9f5db", "#1d3557"],
  },
  // East
  {
    name: "Shoreditch",
    region: "East London",
    districts: ["E1", "E2", "EC2A"],
    streets: ["Redchurch Street", "Curtain Road", "Rivington Street", "Shoreditch High Street", "Great Eastern Street", "Calvert Avenue", "Leonard Street"],
    localCuisines: ["american", "korean", "vietnamese", "mexican"],
    weight: 2.5,
    content:
      "Shoreditch turned its warehouses into kitchens: natural wine bars, open-fire grills and small-plates restaurants fill the old furniture workshops around Curtain Road and Redchurch Street. Boxpark's shipping containers serve burgers and fried chicken beside Shoreditch High Street station, and on Sundays the markets off Brick Lane turn the whole neighbourhood into a food hall.",
    palette: ["#3d405b", "#f2cc8f", "#1b1d2e"],
  },
  {
    name: "Hoxton",
    region: "East London",
    districts: ["N1", "E2"],
    streets: ["Hoxton Street", "Kingsland Road", "Pitfield Street", "Hoxton Square", "Old Street", "Whitmore Road", "Shepherdess Walk"],
    localCuisines: ["vietnamese", "chinese", "cafe", "british"],
    weight: 1.5,
    content:
      "The southern stretch of Kingsland Road is known as London's Pho Mile, a run of Vietnamese cafés opened by families who arrived in the 1980s, serving pho, bún and bánh mì at honest prices. Hoxton Street keeps a traditional weekday market and pie and mash shop, while Hoxton Square's bars and restaurants fill with the after-work crowd from Old Street.",
    palette: ["#e76f51", "#fcefe0", "#2a2a3c"],
  },
  {
    name: "Hackney",
    region: "East London",
    districts: ["E8", "E9"],
    streets: ["Mare Street", "Broadway Market", "Chatsworth Road", "Well Street", "Morning Lane", "Lower Clapton Road", "Wilton Way"],
    localCuisines: ["cafe", "vietnamese", "caribbean", "turkish"],
    weight: 2,
    content:
      "Saturday in Hackney means Broadway Market, where bakers, cheesemongers and street food traders line the road down to Regent's Canal. The railway arches by London Fields hold breweries and bakeries, Netil Market gathers small food stalls behind Mare Street, and Chatsworth Road's Sunday market and cafés anchor the quieter Clapton side.",
    palette: ["#f28482", "#fff3e6", "#3a3042"],
  },
  {
    name: "Dalston",
    region: "East London",
    districts: ["E8"],
    streets: ["Kingsland High Street", "Ridley Road", "Stoke Newington Road", "Dalston Lane", "Gillett Square", "Bradbury Street", "Ashwin Street"],
    localCuisines: ["turkish", "caribbean", "nigerian", "american"],
    weight: 1.5,
    content:
      "Ridley Road Market has sold Caribbean, West African and Turkish produce to Dalston since the 1880s: scotch bonnets, plantain, yam and fresh fish by the bowl. Kingsland High Street is a long run of Turkish grills and bakeries open past midnight, and the bars around Gillett Square and Dalston Junction keep the neighbourhood eating late.",
    palette: ["#ffbe0b", "#fff8e1", "#3a0ca3"],
  },
  {
    name: "Bethnal Green",
    region: "East London",
    districts: ["E2"],
    streets: ["Bethnal Green Road", "Columbia Road", "Roman Road", "Vallance Road", "Cambridge Heath Road", "Old Bethnal Green Road", "Hackney Road"],
    localCuisines: ["british", "indian", "vietnamese", "cafe"],
    weight: 1.5,
    content:
      "Bethnal Green keeps the East End's traditions alive: Formica-table cafés serving fry-ups, pie and mash with liquor, and markets on Roman Road. On Sundays Columbia Road's flower market fills with bacon rolls, oysters and coffee, and the railway arches towards Cambridge Heath hold bakeries, bars and small kitchens trying something new.",
    palette: ["#ff99c8", "#fcf6bd", "#3d2c4e"],
  },
  {
    name: "Whitechapel",
    region: "East London",
    districts: ["E1"],
    streets: ["Whitechapel Road", "Brick Lane", "New Road", "Commercial Road", "Fieldgate Street", "Hanbury Street", "Cannon Street Road"],
    localCuisines: ["indian", "pakistani", "bangladeshi", "middle-eastern"],
    weight: 2,
    content:
      "Brick Lane, the spine of Banglatown, has been London's best-known curry street since Bangladeshi families settled here in the 1970s, and its northern end runs past bagel bakeries that never close. Whitechapel Road's market sells spices, sweets and samosas, and the streets behind it are known for Punjabi grills serving lamb chops and karahi at long shared tables.",
    palette: ["#ef476f", "#ffd6a5", "#2b193d"],
  },
  {
    name: "Walthamstow",
    region: "East London",
    districts: ["E17"],
    streets: ["Hoe Street", "Walthamstow High Street", "Orford Road", "Wood Street", "Blackhorse Lane", "St James Street", "Grove Road"],
    localCuisines: ["pakistani", "british", "cafe", "polish"],
    weight: 1.3,
    content:
      "Walthamstow Market stretches for about a kilometre along the High Street, one of the longest outdoor street markets in Europe, selling everything from Pakistani sweets to Polish sausage. Walthamstow Village around Orford Road has gastropubs and bakeries, and the Blackhorse Beer Mile links a run of breweries and taprooms with street food on Saturdays.",
    palette: ["#48cae4", "#e0fbfc", "#023e8a"],
  },
  {
    name: "Stratford",
    region: "East London",
    districts: ["E15", "E20"],
    streets: ["The Broadway", "Romford Road", "Montfichet Road", "Penny Brookes Street", "Celebration Avenue", "Great Eastern Road", "West Ham Lane"],
    localCuisines: ["nigerian", "caribbean", "american", "indian"],
    weight: 1.2,
    content:
      "Stratford has grown around the Olympic Park: East Village's streets of cafés and restaurants, big shopping-centre food courts and a street food market that sets up for stadium crowds. Older Stratford, along the Broadway and Romford Road, keeps Caribbean bakeries, Nigerian buka kitchens and Gujarati sweet shops serving the communities that have lived here for generations.",
    palette: ["#5e60ce", "#e0e1ff", "#1f1f4d"],
  },
  // South
  {
    name: "Brixton",
    region: "South London",
    districts: ["SW2", "SW9"],
    streets: ["Electric Avenue", "Coldharbour Lane", "Atlantic Road", "Acre Lane", "Brixton Station Road", "Market Row", "Ferndale Road"],
    localCuisines: ["caribbean", "nigerian", "ethiopian", "mexican"],
    weight: 2.5,
    content:
      "Brixton's covered arcades, Brixton Village and Market Row, hold dozens of tiny restaurants: Colombian, Caribbean, Japanese, Ethiopian, Thai and Portuguese kitchens elbow to elbow. Electric Avenue, the first shopping street in London lit by electricity, still sells yam, saltfish and scotch bonnets, and Caribbean bakeries on Atlantic Road turn out patties and hardo bread from early morning.",
    palette: ["#06d6a0", "#fff1d0", "#073b4c"],
  },
  {
    name: "Peckham",
    region: "South London",
    districts: ["SE15"],
    streets: ["Rye Lane", "Bellenden Road", "Peckham High Street", "Choumert Road", "Queen's Road", "Blenheim Grove", "Holly Grove"],
    localCuisines: ["nigerian", "caribbean", "british", "vietnamese"],
    weight: 1.8,
    content:
      "Rye Lane is one of London's great food streets, lined with West African grocers, Nigerian and Ghanaian kitchens and Caribbean takeaways. A multi-storey car park became Peckham Levels with street food on every floor, rooftop bars look over the whole of London in summer, and Bellenden Road and Choumert Road have small neighbourhood restaurants that draw people from across the river.",
    palette: ["#f77f00", "#fcbf49", "#003049"],
  },
  {
    name: "Bermondsey",
    region: "South London",
    districts: ["SE1", "SE16"],
    streets: ["Bermondsey Street", "Maltby Street", "Druid Street", "Tower Bridge Road", "Spa Road", "Enid Street", "Tanner Street"],
    localCuisines: ["spanish", "british", "italian", "cafe"],
    weight: 1.5,
    content:
      "At weekends the narrow Ropewalk under the railway becomes Maltby Street Market, with cheese toasties, Scotch eggs and doughnuts. The same arches hold the Bermondsey Beer Mile's breweries, and Bermondsey Street, from the Fashion and Textile Museum to Tower Bridge Road, is lined with tapas bars, wine rooms and Italian restaurants in old leather warehouses.",
    palette: ["#bc6c25", "#fefae0", "#283618"],
  },
  {
    name: "Borough",
    region: "South London",
    districts: ["SE1"],
    streets: ["Borough High Street", "Stoney Street", "Southwark Street", "Park Street", "Union Street", "Bedale Street", "Redcross Way"],
    localCuisines: ["british", "spanish", "french", "italian"],
    weight: 2,
    content:
      "Borough Market, at the foot of London Bridge, is one of the city's oldest food markets and still its most famous: cheesemongers, butchers, fishmongers, oyster shuckers and bakers under Victorian iron and glass. The streets around it, Stoney Street, Park Street and Borough High Street, are full of wine bars, tapas counters and old coaching-inn pubs.",
    palette: ["#2d6a4f", "#d8f3dc", "#1b4332"],
  },
  {
    name: "Clapham",
    region: "South London",
    districts: ["SW4"],
    streets: ["Clapham High Street", "Venn Street", "Abbeville Road", "The Pavement", "Clapham Park Road", "Old Town", "Voltaire Road"],
    localCuisines: ["cafe", "british", "italian", "mexican"],
    weight: 1.8,
    content:
      "Clapham's weekend revolves around brunch: bottomless or not, the cafés around the Common and on Abbeville Road fill from ten. Venn Street hosts a Saturday food market beside the old cinema, Clapham Old Town has pubs and bistros facing the common, and the High Street keeps going late with pizza, tacos and bars.",
    palette: ["#ffafcc", "#fdf0f5", "#3c096c"],
  },
  {
    name: "Balham",
    region: "South London",
    districts: ["SW12"],
    streets: ["Balham High Road", "Hildreth Street", "Bedford Hill", "Balham Station Road", "Ramsden Road", "Old Devonshire Road", "Chestnut Grove"],
    localCuisines: ["polish", "srilankan", "cafe", "italian"],
    weight: 1.2,
    content:
      "Balham's Hildreth Street market is a small pedestrian lane of fruit, fish and street food stalls beside the station. Polish delis and bakeries along the High Road reflect a long-settled community, Sri Lankan and South Indian kitchens run down towards Tooting, and Bedford Hill has neighbourhood restaurants and pubs that make a night out without crossing the river.",
    palette: ["#8ecae6", "#fff9ec", "#023047"],
  },
  {
    name: "Tooting",
    region: "South London",
    districts: ["SW17"],
    streets: ["Upper Tooting Road", "Tooting High Street", "Mitcham Road", "Totterdown Street", "Trevelyan Road", "Selkirk Road", "Fishponds Road"],
    localCuisines: ["srilankan", "indian", "pakistani", "caribbean"],
    weight: 1.5,
    content:
      "Upper Tooting Road is south London's curry mile, where Tamil, Sri Lankan, Gujarati and Pakistani kitchens serve dosas, string hoppers and lamb karahi at some of the city's best prices. Tooting Market and Broadway Market, two covered markets either side of the High Street, mix stalls selling fish and spices with bars and young street food traders.",
    palette: ["#ff7b00", "#ffedd8", "#4a1e00"],
  },
  {
    name: "Battersea",
    region: "South London",
    districts: ["SW11"],
    streets: ["Northcote Road", "Battersea Park Road", "Lavender Hill", "Battersea Rise", "Queenstown Road", "Circus Road West", "Webbs Road"],
    localCuisines: ["british", "italian", "cafe", "spanish"],
    weight: 1.5,
    content:
      "The restored Battersea Power Station now houses food halls and riverside restaurants under its four white chimneys. Northcote Road, known locally as Nappy Valley, has cheese shops, fishmongers and family brunch cafés with a weekend street market, and Battersea Park's lakeside café is a favourite stop for runners and dog walkers.",
    palette: ["#e9edc9", "#fefae0", "#5e503f"],
  },
  {
    name: "Greenwich",
    region: "South London",
    districts: ["SE10"],
    streets: ["Greenwich Church Street", "Trafalgar Road", "Royal Hill", "Nelson Road", "King William Walk", "Greenwich High Road", "Crooms Hill"],
    localCuisines: ["british", "cafe", "spanish", "japanese"],
    weight: 1.3,
    content:
      "Greenwich Market, a covered market in the heart of the World Heritage Site, serves street food from dozens of countries to visitors on their way to the park and the observatory. Riverside pubs along the Thames Path have fed sailors and tourists for centuries, and Royal Hill and Trafalgar Road are where locals go for bakeries, butchers and quieter dinners.",
    palette: ["#7209b7", "#f8f0fb", "#240046"],
  },
  {
    name: "Deptford",
    region: "South London",
    districts: ["SE8"],
    streets: ["Deptford High Street", "Deptford Market Yard", "Tanners Hill", "Douglas Way", "Creek Road", "Giffin Street", "Brookmill Road"],
    localCuisines: ["vietnamese", "caribbean", "nigerian", "british"],
    weight: 1.2,
    content:
      "Deptford High Street's market runs on Wednesdays, Fridays and Saturdays with fish, African and Caribbean produce and bargain stalls, and the old railway arches of Deptford Market Yard hold small kitchens and bars. Vietnamese cafés, pie and mash, Nigerian canteens and a growing number of wine bars make Deptford one of the most varied places to eat south of the river.",
    palette: ["#4cc9f0", "#f1faff", "#3a0ca3"],
  },
  {
    name: "Elephant and Castle",
    region: "South London",
    districts: ["SE1", "SE17"],
    streets: ["Walworth Road", "Newington Causeway", "Elephant Road", "East Street", "London Road", "Castle Square", "Brandon Street"],
    localCuisines: ["peruvian", "colombian", "nigerian", "chinese"],
    weight: 1.2,
    content:
      "Elephant and Castle has been the centre of London's Latin American community for decades: Colombian bakeries, Ecuadorian and Peruvian cafés and salsa bars clustered around the shopping centre and railway arches. Walworth Road and East Street market add Nigerian, Caribbean and Chinese cooking, and a large food market in an old factory on Newington Causeway draws crowds at weekends.",
    palette: ["#fb5607", "#fff3b0", "#3a0ca3"],
  },
  // West
  {
    name: "Notting Hill",
    region: "West London",
    districts: ["W11", "W10"],
    streets: ["Portobello Road", "Westbourne Grove", "Golborne Road", "Ledbury Road", "Kensington Park Road", "All Saints Road", "Talbot Road"],
    localCuisines: ["caribbean", "portuguese", "moroccan", "british"],
    weight: 2,
    content:
      "Portobello Road Market's food stalls run alongside the antiques, and at its northern end Golborne Road has Moroccan grills and Portuguese pastelarias selling custard tarts warm from the oven. Westbourne Grove and Ledbury Road are lined with brunch cafés and smart small restaurants, and every August bank holiday the Carnival fills the streets with jerk chicken smoke.",
    palette: ["#ffb3c6", "#fff0f3", "#4a3f6b"],
  },
  {
    name: "Bayswater",
    region: "West London",
    districts: ["W2"],
    streets: ["Queensway", "Westbourne Grove", "Edgware Road", "Moscow Road", "Porchester Road", "Craven Road", "Sussex Gardens"],
    localCuisines: ["chinese", "lebanese", "middle-eastern", "greek"],
    weight: 1.3,
    content:
      "Queensway has some of London's most respected Cantonese roast meat and dim sum rooms, busy with families at weekend lunch. A few streets east, Edgware Road is London's Little Beirut, with Lebanese grills, juice bars and shisha cafés open long past midnight, and Bayswater's Greek and Cypriot tavernas have served the area since the 1950s.",
    palette: ["#e5989b", "#ffe5d9", "#6d6875"],
  },
  {
    name: "Kensington",
    region: "West London",
    districts: ["W8", "W14"],
    streets: ["Kensington High Street", "Kensington Church Street", "Abingdon Road", "Earls Court Road", "Holland Street", "Wrights Lane", "Edwardes Square"],
    localCuisines: ["persian", "french", "japanese", "italian"],
    weight: 1.5,
    content:
      "Kensington High Street's western end, towards Olympia, is home to London's best-known cluster of Persian restaurants and bakeries, serving saffron rice, kebabs and fresh sangak bread. Kensington Church Street climbs past smart French and Italian dining rooms, and the mews and squares behind the High Street hide quiet neighbourhood places used by residents rather than visitors.",
    palette: ["#a2d2ff", "#f0f7ff", "#22335c"],
  },
  {
    name: "Chelsea",
    region: "West London",
    districts: ["SW3", "SW10"],
    streets: ["King's Road", "Fulham Road", "Elystan Street", "Sydney Street", "Chelsea Green", "Old Church Street", "Pavilion Road"],
    localCuisines: ["french", "italian", "british", "japanese"],
    weight: 1.5,
    content:
      "The King's Road has been Chelsea's parade since the 1960s, and its restaurants range from classic French brasseries to Italian family trattorias. On Saturdays a food market fills Duke of York Square with bakers and cheesemakers, Pavilion Road has turned its old stables into a street of small food shops, and Chelsea Green is a village square of grocers and cafés.",
    palette: ["#caf0f8", "#ffffff", "#03045e"],
  },
  {
    name: "Hammersmith",
    region: "West London",
    districts: ["W6"],
    streets: ["King Street", "Hammersmith Broadway", "Fulham Palace Road", "Shepherd's Bush Road", "Upper Mall", "Dalling Road", "Brackenbury Road"],
    localCuisines: ["polish", "lebanese", "british", "indian"],
    weight: 1.3,
    content:
      "Hammersmith's riverside pubs along the Upper and Lower Mall are some of the best places in London to watch the rowing crews pass. King Street is a long run of Lebanese, Polish, Indian and Japanese restaurants serving the offices and the audiences of the Lyric and Apollo, and Brackenbury Village behind it has small neighbourhood bistros.",
    palette: ["#90e0ef", "#f1fbff", "#0b3954"],
  },
  {
    name: "Fulham",
    region: "West London",
    districts: ["SW6"],
    streets: ["Fulham Road", "New King's Road", "Munster Road", "Parsons Green Lane", "Wandsworth Bridge Road", "North End Road", "Lillie Road"],
    localCuisines: ["british", "italian", "thai", "spanish"],
    weight: 1.3,
    content:
      "Fulham's pubs around Parsons Green and the two football grounds are the heart of its eating, with Sunday roasts and big screens in equal measure. North End Road's street market sells fruit and vegetables six days a week, New King's Road has family-run Italian and Thai restaurants, and Wandsworth Bridge Road is a quiet strip of cafés and delis.",
    palette: ["#adc178", "#f0ead2", "#6c584c"],
  },
  {
    name: "Shepherd's Bush",
    region: "West London",
    districts: ["W12"],
    streets: ["Uxbridge Road", "Goldhawk Road", "Askew Road", "Shepherd's Bush Green", "Wood Lane", "Becklow Road", "Devonport Road"],
    localCuisines: ["lebanese", "polish", "caribbean", "ethiopian"],
    weight: 1.2,
    content:
      "Shepherd's Bush Market runs under the railway viaduct between Uxbridge Road and Goldhawk Road, selling Caribbean, African and South Asian produce. Uxbridge Road is a long, varied food street of Lebanese grills, Polish delis, Somali and Syrian cafés, and Askew Road has become a quietly good neighbourhood strip of bakeries and wine bars.",
    palette: ["#ffd166", "#fffcf2", "#3d348b"],
  },
  {
    name: "Ealing",
    region: "West London",
    districts: ["W5", "W13"],
    streets: ["The Broadway", "Bond Street", "Haven Green", "Pitshanger Lane", "Uxbridge Road", "South Ealing Road", "St Mary's Road"],
    localCuisines: ["polish", "indian", "british", "japanese"],
    weight: 1.2,
    content:
      "Ealing, the 'Queen of the Suburbs', has one of London's oldest Polish communities, with delis and bakeries selling pierogi, rye bread and pączki. The Broadway and Haven Green have family restaurants and cafés, Pitshanger Lane is a village high street of independents, and Ealing's summer festivals on Walpole Park bring food stalls for weeks.",
    palette: ["#b7e4c7", "#f6fff8", "#2d6a4f"],
  },
  {
    name: "Southall",
    region: "West London",
    districts: ["UB1", "UB2"],
    streets: ["The Broadway", "South Road", "King Street", "Featherstone Road", "High Street", "Lady Margaret Road", "Norwood Road"],
    localCuisines: ["indian", "pakistani", "srilankan", "middle-eastern"],
    weight: 1,
    content:
      "Southall is London's Little Punjab: the Broadway and South Road are lined with sweet shops frying jalebi, dhabas serving tandoori chicken and sarson da saag, and grocers stacked with mangoes in season. Families come from across the south of England to shop for weddings here, and the food stalls by the station stay busy well into the evening.",
    palette: ["#ff006e", "#ffe5ec", "#3a0ca3"],
  },
  {
    name: "Chiswick",
    region: "West London",
    districts: ["W4"],
    streets: ["Chiswick High Road", "Turnham Green Terrace", "Devonshire Road", "Strand-on-the-Green", "Church Street", "Chiswick Lane", "Bath Road"],
    localCuisines: ["british", "french", "italian", "cafe"],
    weight: 1.2,
    content:
      "Chiswick High Road is a broad, leafy street of brasseries, bakeries and family restaurants, with a Sunday flea and food market in the summer. Turnham Green Terrace and Devonshire Road have cheese shops, fishmongers and some of west London's best neighbourhood cooking, and the riverside pubs at Strand-on-the-Green sit beside the historic brewery on the Thames.",
    palette: ["#95d5b2", "#f1faee", "#1b4332"],
  },
];
