package io.github.pplxexport.camel;

import io.github.pplxexport.ask.AskRequest;
import io.github.pplxexport.ask.AskState;
import io.github.pplxexport.mcp.AgentAsks;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.support.DefaultExchange;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The agents' asks on the ask route ({@code direct:mcp-ask}, routes/mcp.camel.yaml): one at a time, on one thread of
 * their own, at least {@code gapMillis} after the previous one ended (the pipeline's pacing between threads). The
 * state is the route's own variable {@code ask}, read while the answer streams in; a call that stops waiting leaves
 * the exchange running to its end (archived, or pending for the next sync).
 */
public final class McpAsker implements AgentAsks.Asker, AutoCloseable {
    private final CamelContext context;
    private final ProducerTemplate producer;
    private final long gapMillis;
    private final AtomicLong lastEnd = new AtomicLong();
    private final ExecutorService one = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "pplx-mcp-ask");
        t.setDaemon(true);
        return t;
    });

    public McpAsker(CamelContext context, long gapMillis) {
        this.context = context;
        this.producer = context.createProducerTemplate();
        this.gapMillis = gapMillis;
    }

    @Override
    public AgentAsks.Running start(AskRequest request) {
        Exchange exchange = new DefaultExchange(context);
        exchange.getMessage().setBody(request);
        CompletableFuture<AskState> done = new CompletableFuture<>();
        one.submit(() -> {
            try {
                long wait = lastEnd.get() + gapMillis - System.currentTimeMillis();
                if (lastEnd.get() > 0 && wait > 0) {
                    Thread.sleep(wait);
                }
                producer.send("direct:mcp-ask", exchange);
                if (exchange.getException() != null) {
                    done.completeExceptionally(exchange.getException());
                } else {
                    done.complete(exchange.getMessage().getBody(AskState.class));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                done.completeExceptionally(e);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            } finally {
                lastEnd.set(System.currentTimeMillis());
            }
        });
        return new AgentAsks.Running(() -> exchange.getVariable("ask", AskState.class), done);
    }

    @Override
    public void close() {
        one.shutdownNow();
    }
}
