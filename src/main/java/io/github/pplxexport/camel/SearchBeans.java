package io.github.pplxexport.camel;

import io.github.pplxexport.search.SearchIndexing;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.camel.PropertyInject;

import java.time.Duration;

/**
 * The index step's beans, bound in every pipeline that writes thread dirs (online and offline): it keeps an
 * archive's search index current when the archive has one.
 */
public class SearchBeans implements CamelConfiguration {
    /** How long a thread waits for another process's write lock on the index (then a catch-up does it). */
    @PropertyInject("pplx.index.lock-wait-ms")
    long lockWaitMs;
    /** How long after an exported thread was indexed its commit comes (off the pipeline's path). */
    @PropertyInject("pplx.index.commit-delay-ms")
    long commitDelayMs;

    private SearchIndexing indexing;

    @BindToRegistry(beanPostProcess = true)
    public synchronized SearchIndexing searchIndexing(CamelContext context) throws Exception {
        if (indexing == null) {
            SearchIndexing made = new SearchIndexing(Duration.ofMillis(lockWaitMs), Duration.ofMillis(commitDelayMs));
            // what is not committed yet is committed when the pipeline stops (after its routes)
            context.addService(new ServiceSupport() {
                @Override
                protected void doStop() {
                    made.close();
                }
            }, true);
            indexing = made;
        }
        return indexing;
    }

    @BindToRegistry
    public IndexStep indexStep(CamelContext context) throws Exception {
        return new IndexStep(searchIndexing(context));
    }
}
