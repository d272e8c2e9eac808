package io.github.pplxexport.camel;

import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Says, before each redelivery of an API request, how long the pipeline backs off and why. */
public class BackoffNotice implements Processor {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.api");

    @Override
    public void process(Exchange exchange) {
        Integer attempt = exchange.getIn().getHeader(Exchange.REDELIVERY_COUNTER, Integer.class);
        Long delay = exchange.getIn().getHeader(Exchange.REDELIVERY_DELAY, Long.class);
        Exception cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        LOG.info("退避 ~{}s（连续失败 {} 次，{}）", delay == null ? "?" : Math.round(delay / 1000.0),
                attempt == null ? "?" : attempt, cause == null ? "重试中" : cause.getMessage());
    }
}
