package io.github.pplxexport.camel;

import io.github.pplxexport.export.ScheduledSync;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

import java.util.Map;

/**
 * The service mode's own health check ({@code pplx/scheduled-sync} in {@code /observe/health}): DOWN after a
 * scheduled sync was aborted (auth failures, a Cloudflare challenge, the wrong account's cookie), with the reason,
 * until a later sync runs to its end. A thread that failed on its own leaves it UP.
 */
public final class SyncHealthCheck extends AbstractHealthCheck {
    private final ScheduledSync syncs;

    public SyncHealthCheck(ScheduledSync syncs) {
        super("pplx", "scheduled-sync");
        this.syncs = syncs;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        syncs.abortReason().ifPresentOrElse(
                reason -> builder.down().message(reason),
                builder::up);
    }
}
