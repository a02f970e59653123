package io.github.hessiantime.dubbo;

import io.github.hessiantime.dubbo.SerializationStatus.Route;
import io.github.hessiantime.dubbo.SerializationStatus.Seen;
import io.github.hessiantime.dubbo.SerializationStatus.Side;
import org.apache.dubbo.qos.api.BaseCommand;
import org.apache.dubbo.qos.api.Cmd;
import org.apache.dubbo.qos.api.CommandContext;
import org.apache.dubbo.qos.textui.TTable;
import org.apache.dubbo.rpc.model.ConsumerModel;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The QoS command {@code hessian2Time}, on Dubbo's QoS port like {@code ls} (telnet: a table; HTTP
 * {@code GET /hessian2Time}: JSON): whether this application can use hessian2-time; as a provider, each exported
 * service with the serializations it advertises per protocol and the calls it received per serialization since
 * start; as a consumer, each reference with each provider address, the serialization its calls use there, and the
 * calls sent per serialization. Read from {@link SerializationStatus}.
 */
@Cmd(name = "hessian2Time", summary = "which services offer and use hessian2-time, and calls per serialization",
        example = {"hessian2Time"})
public class Hessian2TimeCommand implements BaseCommand {

    private final FrameworkModel framework;

    public Hessian2TimeCommand(FrameworkModel framework) {
        this.framework = framework;
    }

    @Override
    public String execute(CommandContext context, String[] args) {
        SerializationStatus status = Hessian2TimeSupport.UNAVAILABLE == null
                ? framework.getBeanFactory().getBean(SerializationStatus.class) : null;
        View view = status == null ? new View(new TreeMap<>(), route -> new TreeMap<>()) : new View(status.routes(),
                status::callsOn);
        List<String> referencesWithoutProvider = referencesWithoutProvider(view.routes);
        return context.isHttp() ? json(view, referencesWithoutProvider) : text(view, referencesWithoutProvider);
    }

    /** The routes as the status has them now, sorted, with what each URL said (null: gone), and their calls. */
    private static final class View {
        final Map<Route, Seen> routes;
        final Function<Route, Map<String, Long>> calls;

        View(Map<Route, Seen> routes, Function<Route, Map<String, Long>> calls) {
            this.routes = routes;
            this.calls = calls;
        }

        List<Route> side(Side side) {
            List<Route> result = new ArrayList<>();
            routes.keySet().stream().filter(route -> route.side == side).forEach(result::add);
            return result;
        }

        /** Calls per serialization over {@code routes}. */
        Map<String, Long> total(List<Route> of) {
            Map<String, Long> totals = new TreeMap<>();
            of.forEach(route -> calls.apply(route).forEach((name, count) -> totals.merge(name, count, Long::sum)));
            return totals;
        }
    }

    private static String availability() {
        return Hessian2TimeSupport.UNAVAILABLE == null
                ? "available: this application reads and writes it (serialization id "
                + Hessian2TimeSerialization.CONTENT_TYPE_ID + ")"
                : "not available: " + Hessian2TimeSupport.UNAVAILABLE;
    }

    /** The application's references that no provider address is known for (yet). */
    private List<String> referencesWithoutProvider(Map<Route, Seen> routes) {
        TreeSet<String> withProvider = new TreeSet<>();
        routes.forEach((route, seen) -> {
            if (route.side == Side.CONSUMER && seen != null) {
                withProvider.add(route.serviceKey());
            }
        });
        TreeSet<String> without = new TreeSet<>();
        for (ConsumerModel consumer : framework.getServiceRepository().allConsumerModels()) {
            if (!consumer.getModuleModel().isInternal() && !withProvider.contains(consumer.getServiceKey())) {
                without.add(consumer.getServiceKey());
            }
        }
        return new ArrayList<>(without);
    }

    private static String text(View view, List<String> referencesWithoutProvider) {
        StringBuilder out = new StringBuilder("hessian2-time: ").append(availability()).append('\n');

        out.append("\nAs provider: exported services, calls received since start\n");
        TTable provided = table(5).addRow("service", "protocol", "hessian2-time", "advertises", "calls received");
        for (Route route : view.side(Side.PROVIDER)) {
            Seen seen = view.routes.get(route);
            provided.addRow(route.serviceKey(), route.protocol(),
                    seen == null ? "(unexported)" : seen.offersHessian2Time() ? "offered" : "-",
                    seen == null ? "" : seen.advertised, calls(view.calls.apply(route)));
        }
        out.append(provided.rendering()).append(totals("received", view.total(view.side(Side.PROVIDER))));

        out.append("\nAs consumer: each provider address, the serialization calls to it use, calls sent since start\n");
        TTable consumed = table(6).addRow("service", "provider", "protocol", "provider advertises", "calls use",
                "calls sent");
        for (Route route : view.side(Side.CONSUMER)) {
            Seen seen = view.routes.get(route);
            consumed.addRow(route.serviceKey(), route.address(), route.protocol(),
                    seen == null ? "(gone)" : seen.advertised, seen == null ? "-" : seen.format,
                    calls(view.calls.apply(route)));
        }
        for (String reference : referencesWithoutProvider) {
            consumed.addRow(reference, "(no provider)", "-", "-", "-", "-");
        }
        out.append(consumed.rendering()).append(totals("sent", view.total(view.side(Side.CONSUMER))));
        return out.toString();
    }

    private static TTable table(int columns) {
        TTable.ColumnDefine[] defines = new TTable.ColumnDefine[columns];
        for (int i = 0; i < columns; i++) {
            defines[i] = new TTable.ColumnDefine(TTable.Align.LEFT);
        }
        return new TTable(defines);
    }

    private static String calls(Map<String, Long> perFormat) {
        if (perFormat.isEmpty()) {
            return "-";
        }
        StringBuilder text = new StringBuilder();
        perFormat.forEach((name, count) -> text.append(text.length() == 0 ? "" : " ").append(name).append('=')
                .append(count));
        return text.toString();
    }

    /** "calls received: 1200, hessian2-time 1150 (95.8 %), hessian2 50 (4.2 %)" */
    private static String totals(String verb, Map<String, Long> totals) {
        long all = totals.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder text = new StringBuilder("calls ").append(verb).append(": ").append(all);
        totals.forEach((name, count) -> text.append(", ").append(name).append(' ').append(count)
                .append(String.format(Locale.ROOT, " (%.1f %%)", 100.0 * count / all)));
        return text.append('\n').toString();
    }

    private static String json(View view, List<String> referencesWithoutProvider) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("hessian2TimeAvailable", Hessian2TimeSupport.UNAVAILABLE == null);
        if (Hessian2TimeSupport.UNAVAILABLE != null) {
            result.put("reason", Hessian2TimeSupport.UNAVAILABLE);
        }
        List<Map<String, Object>> provided = new ArrayList<>();
        for (Route route : view.side(Side.PROVIDER)) {
            Seen seen = view.routes.get(route);
            Map<String, Object> row = row(route);
            row.put("exported", seen != null);
            row.put("offersHessian2Time", seen != null && seen.offersHessian2Time());
            row.put("advertises", seen == null ? null : seen.advertised);
            row.put("callsReceived", view.calls.apply(route));
            provided.add(row);
        }
        List<Map<String, Object>> consumed = new ArrayList<>();
        for (Route route : view.side(Side.CONSUMER)) {
            Seen seen = view.routes.get(route);
            Map<String, Object> row = row(route);
            row.put("address", route.address());
            row.put("referred", seen != null);
            row.put("providerAdvertises", seen == null ? null : seen.advertised);
            row.put("callsUse", seen == null ? null : seen.format);
            row.put("callsSent", view.calls.apply(route));
            consumed.add(row);
        }
        result.put("provider", provided);
        result.put("consumer", consumed);
        result.put("referencesWithoutProvider", referencesWithoutProvider);
        result.put("callsReceived", view.total(view.side(Side.PROVIDER)));
        result.put("callsSent", view.total(view.side(Side.CONSUMER)));
        return toJson(result, new StringBuilder()).toString();
    }

    private static Map<String, Object> row(Route route) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("application", route.application());
        row.put("service", route.serviceKey());
        row.put("protocol", route.protocol());
        return row;
    }

    /**
     * Maps, lists, strings, numbers and booleans as JSON. Not Dubbo's {@code JsonUtils}: it finds its JSON library
     * through a ServiceLoader that fails with NoClassDefFoundError on JDK 25 unless
     * {@code dubbo.json-framework.prefer} is set, and this command must answer wherever QoS does.
     */
    static StringBuilder toJson(Object value, StringBuilder out) {
        if (value instanceof Map) {
            out.append('{');
            String separator = "";
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                toJson(String.valueOf(entry.getKey()), out.append(separator)).append(':');
                toJson(entry.getValue(), out);
                separator = ",";
            }
            return out.append('}');
        }
        if (value instanceof List) {
            out.append('[');
            String separator = "";
            for (Object element : (List<?>) value) {
                toJson(element, out.append(separator));
                separator = ",";
            }
            return out.append(']');
        }
        if (value == null || value instanceof Number || value instanceof Boolean) {
            return out.append(value);
        }
        out.append('"');
        for (char c : value.toString().toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"');
    }
}
