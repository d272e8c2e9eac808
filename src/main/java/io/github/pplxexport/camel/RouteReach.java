package io.github.pplxexport.camel;

import org.apache.camel.CamelContext;
import org.apache.camel.ErrorHandlerFactory;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.MainListenerSupport;
import org.apache.camel.model.ExpressionNode;
import org.apache.camel.model.Model;
import org.apache.camel.model.ProcessorDefinition;
import org.apache.camel.model.ProcessorDefinitionHelper;
import org.apache.camel.model.RouteConfigurationDefinition;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.SendDefinition;
import org.apache.camel.model.ToDynamicDefinition;
import org.apache.camel.model.errorhandler.DeadLetterChannelDefinition;
import org.apache.camel.model.language.ExpressionDefinition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A one-shot command's Camel context without the {@code direct:} routes it cannot reach: creating a route is most of
 * Camel's start (sync reaches 35 of the pipeline's 62 routes, doctor 6), and a command sends to a few known entry
 * endpoints. What it reaches: its entries, every route that does not start at {@code direct:} (a service, an
 * operator's consumer), what the route configurations call (their dead letters), and, through them, every
 * {@code direct:} a kept route names anywhere in its steps (a dynamic name such as
 * {@code direct:render-${variable.mode.id}} reaches every route whose name starts with its fixed part).
 */
final class RouteReach {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RouteReach.class);
    /** A {@code direct:} name as a step writes it; a {@code ${...}} or {@code {{...}}} in it makes it a prefix. */
    private static final Pattern DIRECT = Pattern.compile("direct:(?://)?(?:[A-Za-z0-9_.:-]|\\$\\{[^}]*}|\\{\\{[^}]*}})+");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([^}]+)}}");

    private RouteReach() {
    }

    /**
     * Leaves the unreachable {@code direct:} routes out once the routes are read, before any is created; of the others,
     * those only {@code entries} beyond {@code first} reach are held back ({@link Pruning#later}) for the caller to add
     * once the context runs: the first request goes out while they are made.
     */
    static Pruning pruning(Collection<String> entries, Collection<String> first) {
        return new Pruning(entries, first);
    }

    /** What {@link #pruning} does, and the routes it held back. */
    static final class Pruning extends MainListenerSupport {
        private final Collection<String> entries;
        private final Collection<String> first;
        private List<RouteDefinition> later = List.of();

        private Pruning(Collection<String> entries, Collection<String> first) {
            this.entries = entries;
            this.first = first;
        }

        @Override
        public void afterConfigure(BaseMainSupport main) {
            later = prune(main.getCamelContext(), entries, first);
        }

        /** The routes to add after the start (none when {@code first} reaches what {@code entries} reach). */
        List<RouteDefinition> later() {
            return later;
        }
    }

    /**
     * Removes from the model the routes {@code entries} cannot reach, and those {@code first} cannot, which it returns
     * (a subset of {@code entries}: the routes of the first request).
     */
    static List<RouteDefinition> prune(CamelContext context, Collection<String> entries, Collection<String> first) {
        Model model = context.getCamelContextExtension().getContextPlugin(Model.class);
        Map<String, RouteDefinition> direct = new LinkedHashMap<>();
        Collection<String> roots = new ArrayList<>();
        for (RouteDefinition r : model.getRouteDefinitions()) {
            String from = from(r);
            if (from.startsWith("direct:")) {
                direct.put(from, r);
            } else {
                roots.addAll(calls(r));
            }
        }
        for (RouteConfigurationDefinition c : model.getRouteConfigurationDefinitions()) {
            roots.addAll(calls(c));
        }
        // a route's steps are walked once for both reaches
        Map<String, Collection<String>> walked = new java.util.HashMap<>();
        java.util.function.Function<String, Collection<String>> callsOf = name -> walked.computeIfAbsent(name, n -> calls(direct.get(n)));
        Set<String> reached = reach(direct.keySet(), concat(roots, entries), callsOf);
        Set<String> firstReached = reach(direct.keySet(), concat(roots, first), callsOf);
        List<RouteDefinition> left = new ArrayList<>();
        List<RouteDefinition> later = new ArrayList<>();
        direct.forEach((name, r) -> {
            if (!reached.contains(name)) {
                left.add(r);
            } else if (!firstReached.contains(name)) {
                later.add(r);
            }
        });
        try {
            model.removeRouteDefinitions(left);
            model.removeRouteDefinitions(later);
        } catch (Exception e) {
            throw new IllegalStateException("could not leave out the routes this command does not use", e);
        }
        LOG.debug("routes left out (not reached from {}): {}; made after the start: {}", entries, ids(left), ids(later));
        return later;
    }

    private static List<String> ids(List<RouteDefinition> routes) {
        return routes.stream().map(RouteDefinition::getRouteId).toList();
    }

    private static Collection<String> concat(Collection<String> a, Collection<String> b) {
        Collection<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * The names of {@code names} reached from {@code calls}, following {@code callsOf} from each name reached. A call
     * reaches the name equal to it, or, when dynamic, every name starting with its fixed part.
     */
    static Set<String> reach(Collection<String> names, Collection<String> calls, java.util.function.Function<String, Collection<String>> callsOf) {
        Set<String> reached = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(calls);
        while (!todo.isEmpty()) {
            String call = todo.pop();
            int dynamic = dynamicAt(call);
            for (String name : names) {
                boolean hit = dynamic < 0 ? name.equals(call) : name.startsWith(call.substring(0, dynamic));
                if (hit && reached.add(name)) {
                    todo.addAll(callsOf.apply(name));
                }
            }
        }
        return reached;
    }

    private static int dynamicAt(String call) {
        int a = call.indexOf("${");
        int b = call.indexOf("{{");
        return a < 0 ? b : b < 0 ? a : Math.min(a, b);
    }

    /** The route's {@code direct:} name without options, a template route's parameters filled in. */
    private static String from(RouteDefinition r) {
        String uri = r.getInput() == null ? "" : r.getInput().getEndpointUri();
        if (uri == null) {
            return "";
        }
        Map<String, Object> parameters = r.getTemplateParameters();
        if (parameters != null && uri.contains("{{")) {
            Matcher m = PLACEHOLDER.matcher(uri);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                Object v = parameters.get(m.group(1));
                m.appendReplacement(sb, Matcher.quoteReplacement(v == null ? m.group() : v.toString()));
            }
            uri = m.appendTail(sb).toString();
        }
        int q = uri.indexOf('?');
        return q < 0 ? uri : uri.substring(0, q);
    }

    /** Every {@code direct:} a route's steps, error handler and dead letter name. */
    private static Collection<String> calls(RouteDefinition r) {
        Collection<String> out = new ArrayList<>();
        steps(r.getOutputs(), out);
        errorHandler(r.getErrorHandlerFactory(), out);
        return out;
    }

    private static Collection<String> calls(RouteConfigurationDefinition c) {
        Collection<String> out = new ArrayList<>();
        c.getOnExceptions().forEach(o -> steps(o.getOutputs(), out));
        c.getOnCompletions().forEach(o -> steps(o.getOutputs(), out));
        c.getIntercepts().forEach(o -> steps(o.getOutputs(), out));
        c.getInterceptFroms().forEach(o -> steps(o.getOutputs(), out));
        c.getInterceptSendTos().forEach(o -> steps(o.getOutputs(), out));
        if (c.getErrorHandler() != null) {
            errorHandler(c.getErrorHandler().getErrorHandlerType(), out);
        }
        return out;
    }

    private static void errorHandler(ErrorHandlerFactory f, Collection<String> out) {
        if (f instanceof DeadLetterChannelDefinition dlc) {
            names(dlc.getDeadLetterUri(), out);
        }
    }

    /**
     * Every step under {@code outputs} (when/otherwise, catch/finally and nested outputs too): endpoint URIs and
     * expressions, and each step's own description, which names what it sends to in the few kinds not listed here.
     */
    private static void steps(List<ProcessorDefinition<?>> outputs, Collection<String> out) {
        for (ProcessorDefinition<?> step : ProcessorDefinitionHelper.filterTypeInOutputs(outputs, ProcessorDefinition.class)) {
            if (step instanceof SendDefinition<?> send) {
                names(send.getUri(), out);
            } else if (step instanceof ToDynamicDefinition to) {
                names(to.getUri(), out);
            }
            if (step instanceof ExpressionNode node && node.getExpression() != null) {
                ExpressionDefinition e = node.getExpression();
                names(e.getExpression(), out);
            }
            names(step.toString(), out);
        }
    }

    private static void names(String text, Collection<String> out) {
        if (text == null) {
            return;
        }
        Matcher m = DIRECT.matcher(text);
        while (m.find()) {
            out.add(m.group().replace("direct://", "direct:"));
        }
    }
}
