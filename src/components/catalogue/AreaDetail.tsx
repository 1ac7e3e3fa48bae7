// The area page head (spec point 2): breadcrumb (Home › Region › Area), image, name, content.
import type { AreaItem } from "../../shared/schemas/catalogue-items.ts";
import { ItemImage, Prose } from "./view-parts.tsx";

export function AreaDetail({ area }: { area: AreaItem }) {
  return (
    <article className="cat-detail" aria-labelledby="cat-title">
      <nav className="cat-breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          {/* Regions have no page of their own, so the region is a label, not a link. */}
          <li>{area.regionName}</li>
          <li aria-current="page">{area.areaName}</li>
        </ol>
      </nav>
      <header className="cat-area-hero">
        <ItemImage
          name={area.image}
          alt={`${area.areaName}, ${area.regionName}`}
          width={1600}
          height={700}
          priority
          fallbackText={area.areaName}
        />
        <div className="cat-area-hero__text">
          <p className="cat-area-hero__region">{area.regionName}</p>
          <h1 id="cat-title">{area.areaName}</h1>
        </div>
      </header>
      {area.content && <Prose text={area.content} className="cat-area-content" />}
    </article>
  );
}
