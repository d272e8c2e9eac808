package io.github.pplxexport.camel;

import io.github.pplxexport.backfill.AssetsBackfill;
import io.github.pplxexport.backfill.SearchModeBackfill;
import io.github.pplxexport.export.ExportSettings;
import io.github.pplxexport.export.Pacing;
import io.github.pplxexport.export.ThreadAssets;
import org.apache.camel.BeanInject;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.PropertyInject;

/**
 * The beans of the two backfills (routes/backfill.camel.yaml), bound like {@link PplxBeans}' (lazily: they build on
 * its {@code exportSettings}, {@code threadAssets} and {@code pipeline}).
 */
public class BackfillBeans implements CamelConfiguration {
    @PropertyInject("pplx.pacing.thread-delay-min-ms")
    long delayMin;
    @PropertyInject("pplx.pacing.thread-delay-max-ms")
    long delayMax;
    @PropertyInject("pplx.pacing.page-delay-ms")
    long pageDelay;

    /** search-mode-backfill: the thread pause between two fetched threads (--delay-min/--delay-max, 10-20 s). */
    @BindToRegistry(lazy = true)
    public SearchModeBackfill searchModeBackfill(@BeanInject("exportSettings") ExportSettings settings,
                                                 @BeanInject("pipeline") PipelineStop pipeline) {
        return new SearchModeBackfill(settings.out(), new Pacing(delayMin, delayMax), pipeline);
    }

    /** assets-backfill: 3 s between two threads that send a request (pplx.pacing.page-delay-ms, reference §2.11). */
    @BindToRegistry(lazy = true)
    public AssetsBackfill assetsBackfill(@BeanInject("exportSettings") ExportSettings settings,
                                         @BeanInject("threadAssets") ThreadAssets assets,
                                         @BeanInject("pipeline") PipelineStop pipeline) {
        return new AssetsBackfill(settings.out(), assets, pageDelay, pipeline);
    }
}
