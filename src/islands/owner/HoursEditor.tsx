// Weekly opening hours and special closures, as the facts call takes them (docs/owners.md):
// each day a fieldset with up to three opening times (an empty day is closed), and dated
// closures with a note. Controlled: the facts form holds the value and sends it.
import { MAX_CLOSURE_NOTE, MAX_CLOSURES, MAX_RANGES_PER_DAY, WEEKDAYS, type OpeningHours, type Weekday } from "../../domain/owners.ts";

const DAY_LABEL = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

interface Props {
  hours: OpeningHours;
  onChange: (hours: OpeningHours) => void;
}

function Day({ day, hours, onChange }: Props & { day: Weekday }) {
  const ranges = hours.weekly[day];
  const label = DAY_LABEL(day);
  const setRanges = (next: OpeningHours["weekly"][Weekday]) =>
    onChange({ ...hours, weekly: { ...hours.weekly, [day]: next } });
  return (
    <fieldset className="owner-day">
      <legend>{label}</legend>
      {ranges.length === 0 && <p className="owner-hint">Closed</p>}
      {ranges.map((range, i) => (
        <div className="owner-range" key={i}>
          <label>
            Opens <span className="visually-hidden">({label}, time {i + 1})</span>
            <input type="time" value={range.opens} required onChange={(e) => setRanges(ranges.map((r, j) => (j === i ? { ...r, opens: e.currentTarget.value } : r)))} />
          </label>
          <label>
            Closes <span className="visually-hidden">({label}, time {i + 1})</span>
            <input type="time" value={range.closes} required onChange={(e) => setRanges(ranges.map((r, j) => (j === i ? { ...r, closes: e.currentTarget.value } : r)))} />
          </label>
          <button type="button" className="owner-link" onClick={() => setRanges(ranges.filter((_, j) => j !== i))}>
            Remove<span className="visually-hidden"> {label} opening time {i + 1}</span>
          </button>
        </div>
      ))}
      {ranges.length < MAX_RANGES_PER_DAY && (
        <button type="button" className="owner-link" onClick={() => setRanges([...ranges, { opens: "12:00", closes: "22:00" }])}>
          Add opening time<span className="visually-hidden"> on {label}</span>
        </button>
      )}
    </fieldset>
  );
}

function Closures({ hours, onChange }: Props) {
  const closures = hours.closures;
  const set = (next: OpeningHours["closures"]) => onChange({ ...hours, closures: next });
  return (
    <fieldset className="owner-closures">
      <legend>Special closures</legend>
      <p className="owner-hint">Days the restaurant is closed whatever its weekly hours say: holidays, private events.</p>
      {closures.map((closure, i) => (
        <div className="owner-range" key={i}>
          <label>
            Date <span className="visually-hidden">of closure {i + 1}</span>
            <input type="date" value={closure.date} required onChange={(e) => set(closures.map((c, j) => (j === i ? { ...c, date: e.currentTarget.value } : c)))} />
          </label>
          <label className="owner-grow">
            Note <span className="visually-hidden">for closure {i + 1}</span>
            <input type="text" value={closure.note} maxLength={MAX_CLOSURE_NOTE} onChange={(e) => set(closures.map((c, j) => (j === i ? { ...c, note: e.currentTarget.value } : c)))} />
          </label>
          <button type="button" className="owner-link" onClick={() => set(closures.filter((_, j) => j !== i))}>
            Remove<span className="visually-hidden"> closure {i + 1}</span>
          </button>
        </div>
      ))}
      {closures.length < MAX_CLOSURES && (
        <button type="button" className="owner-link" onClick={() => set([...closures, { date: "", note: "" }])}>
          Add a closure
        </button>
      )}
    </fieldset>
  );
}

export function HoursEditor({ hours, onChange }: Props) {
  return (
    <div className="owner-hours">
      <h3>Opening hours</h3>
      <p className="owner-hint">Times are 24-hour. A time that closes after midnight belongs to the day it opens.</p>
      <div className="owner-days">
        {WEEKDAYS.map((day) => (
          <Day key={day} day={day} hours={hours} onChange={onChange} />
        ))}
      </div>
      <Closures hours={hours} onChange={onChange} />
    </div>
  );
}
