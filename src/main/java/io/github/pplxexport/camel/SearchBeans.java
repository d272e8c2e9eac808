package io.github.pplxexport.camel;

import io.github.pplxexport.search.SearchIndexing;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
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

    private SearchIndexing indexing;

    @BindToRegistry(beanPostProcess = true)
    public synchronized SearchIndexing searchIndexing() {
        if (indexing == null) {
            indexing = new SearchIndexing(Duration.ofMillis(lockWaitMs));
        }
        return indexing;
    }

    @BindToRegistry
    public IndexStep indexStep() {
        return new IndexStep(searchIndexing());
    }
}
