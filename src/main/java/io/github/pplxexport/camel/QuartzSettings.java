package io.github.pplxexport.camel;

import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.component.quartz.QuartzComponent;
import org.apache.camel.spi.ComponentCustomizer;

import java.util.HashMap;
import java.util.Map;

/**
 * Quartz runs one job at a time: a scheduled ask never runs with a sync or another ask (a late one waits its turn).
 * Set when a route first uses Quartz (run's schedule, scheduled asks, serve's catch-up), by a component customizer
 * rather than a {@code camel.component.quartz.*} line in application.properties: such a line makes every command
 * create and start Quartz, whose stop alone takes up to 0.5 s (its idle worker wakes every 500 ms to see it must end).
 */
public class QuartzSettings implements CamelConfiguration {
    static final String THREAD_COUNT = "org.quartz.threadPool.threadCount";

    @BindToRegistry
    public ComponentCustomizer quartzOneJobAtATime() {
        return ComponentCustomizer.forType(QuartzComponent.class, quartz -> {
            // mutable: an operator's camel.component.quartz.properties[...] is put into it afterwards
            Map<String, Object> properties = new HashMap<>();
            properties.put(THREAD_COUNT, "1");
            quartz.setProperties(properties);
        });
    }
}
