package io.github.pplxexport.camel;

import org.apache.camel.CamelContext;

import java.util.function.BooleanSupplier;

/**
 * Whether the pipeline is stopping (SIGTERM, Ctrl-C: {@link PplxRuntime#abort}) or stopped: a run begins nothing
 * more. The routes ask the bean {@code pipeline} ({@code method: {ref: pipeline, method: stopping}}) rather than
 * {@code ${camelContext.isStopping()}}: that simple expression makes Camel introspect the whole CamelContext class
 * (hundreds of methods) once per expression at start and again per evaluation, measured at about 0.8 s of CPU
 * per start of the online routes.
 */
public final class PipelineStop implements BooleanSupplier {
    private final CamelContext context;

    public PipelineStop(CamelContext context) {
        this.context = context;
    }

    public boolean stopping() {
        return context.isStopping() || context.isStopped();
    }

    public boolean running() {
        return !stopping();
    }

    @Override
    public boolean getAsBoolean() {
        return stopping();
    }
}
