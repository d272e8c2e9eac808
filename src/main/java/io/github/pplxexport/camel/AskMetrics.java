package io.github.pplxexport.camel;

import io.github.pplxexport.ask.AskCounter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.camel.CamelContext;

/**
 * {@code pplx_asks_total{mode,outcome}} in the service mode's {@code /observe/metrics} (bean {@code askMetrics}):
 * the asks by mode and outcome ({@code archived}, {@code completed}, {@code pending}, {@code failed}), in the meter
 * registry of Camel's micrometer component, as {@link PplxMetrics}; other commands count nothing.
 */
public final class AskMetrics implements AskCounter {
    private final CamelContext context;

    public AskMetrics(CamelContext context) {
        this.context = context;
    }

    @Override
    public void ask(String mode, String outcome) {
        MeterRegistry r = context.getRegistry().lookupByNameAndType(PplxMetrics.CAMEL_REGISTRY, MeterRegistry.class);
        if (r != null) {
            Counter.builder("pplx.asks").tag("mode", mode).tag("outcome", outcome)
                    .description("Asks by mode and outcome").register(r).increment();
        }
    }
}
