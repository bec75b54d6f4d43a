/**
 * About `/sobre` (storefront.md 2): heading, the story (the editable `about_us` section, admin.md 3;
 * the built-in story when it cannot be loaded), values (Qualidade, Paixão, Excelência) and calls
 * to action to /produtos and /contato.
 */
import { Skeleton } from '@prata/shared-ui';
import { AboutCallToAction } from '../../features/about/components/about-cta.tsx';
import { AboutHero } from '../../features/about/components/about-hero.tsx';
import { ABOUT_STORY_FALLBACK, AboutStory } from '../../features/about/components/about-story.tsx';
import { AboutValues } from '../../features/about/components/about-values.tsx';
import { useContentSection } from '../../features/content/api/get-content-section.ts';
import { ContentText } from '../../features/content/components/content-text.tsx';

export function AboutRoute() {
  const story = useContentSection('about_us');
  return (
    <div className="p9-container">
      <AboutHero />
      <AboutStory>
        {story.isPending ? (
          <div aria-busy="true">
            {[0, 1, 2].map((line) => (
              <Skeleton key={line} style={{ height: 18, marginBottom: 12 }} />
            ))}
          </div>
        ) : (
          <ContentText text={story.isError ? ABOUT_STORY_FALLBACK : story.data.content} />
        )}
      </AboutStory>
      <AboutValues />
      <AboutCallToAction />
    </div>
  );
}
