package io.github.hessiantime.dubbo;

import io.github.hessiantime.dubbo.SerializationStatus.RouteStatus;
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
        List<RouteStatus> routes = status == null ? new ArrayList<>() : status.routes();
        List<String> referencesWithoutProvider = referencesWithoutProvider(routes);
        return context.isHttp() ? json(routes, referencesWithoutProvider) : text(routes, referencesWithoutProvider);
    }

    private static String availability() {
        return Hessian2TimeSupport.UNAVAILABLE == null
                ? "available: this application reads and writes it (serialization id "
                + Hessian2TimeSerialization.CONTENT_TYPE_ID + ")"
                : "not available: " + Hessian2TimeSupport.UNAVAILABLE;
    }

    /** The application's references that no provider address is known for (yet). */
    private List<String> referencesWithoutProvider(List<RouteStatus> routes) {
        TreeSet<String> withProvider = new TreeSet<>();
        routes.stream().filter(route -> route.route.side == Side.CONSUMER && route.seen != null)
                .forEach(route -> withProvider.add(route.route.serviceKey));
        TreeSet<String> without = new TreeSet<>();
        for (ConsumerModel consumer : framework.getServiceRepository().allConsumerModels()) {
            if (!consumer.getModuleModel().isInternal() && !withProvider.contains(consumer.getServiceKey())) {
                without.add(consumer.getServiceKey());
            }
        }
        return new ArrayList<>(without);
    }

    private static String text(List<RouteStatus> routes, List<String> referencesWithoutProvider) {
        StringBuilder out = new StringBuilder("hessian2-time: ").append(availability()).append('\n');

        out.append("\nAs provider: exported services, calls received since start\n");
        TTable provided = table(5).addRow("service", "protocol", "hessian2-time", "advertises", "calls received");
        for (RouteStatus route : sideOf(routes, Side.PROVIDER)) {
            provided.addRow(route.route.serviceKey, route.route.protocol,
                    route.seen == null ? "(unexported)" : route.seen.offersHessian2Time() ? "offered" : "-",
                    route.seen == null ? "" : route.seen.advertised, calls(route.calls));
        }
        out.append(provided.rendering()).append(totals("received", sideOf(routes, Side.PROVIDER)));

        out.append("\nAs consumer: each provider address, the serialization calls to it use, calls sent since start\n");
        TTable consumed = table(6).addRow("service", "provider", "protocol", "provider advertises", "calls use",
                "calls sent");
        for (RouteStatus route : sideOf(routes, Side.CONSUMER)) {
            consumed.addRow(route.route.serviceKey, route.route.address, route.route.protocol,
                    route.seen == null ? "(gone)" : route.seen.advertised,
                    route.seen == null ? "-" : route.seen.format, calls(route.calls));
        }
        for (String reference : referencesWithoutProvider) {
            consumed.addRow(reference, "(no provider)", "-", "-", "-", "-");
        }
        out.append(consumed.rendering()).append(totals("sent", sideOf(routes, Side.CONSUMER)));
        return out.toString();
    }

    private static TTable table(int columns) {
        TTable.ColumnDefine[] defines = new TTable.ColumnDefine[columns];
        for (int i = 0; i < columns; i++) {
            defines[i] = new TTable.ColumnDefine(TTable.Align.LEFT);
        }
        return new TTable(defines);
    }

    private static List<RouteStatus> sideOf(List<RouteStatus> routes, Side side) {
        List<RouteStatus> result = new ArrayList<>();
        routes.stream().filter(route -> route.route.side == side).forEach(result::add);
        return result;
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
    private static String totals(String verb, List<RouteStatus> routes) {
        Map<String, Long> totals = total(routes);
        long all = totals.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder text = new StringBuilder("calls ").append(verb).append(": ").append(all);
        totals.forEach((name, count) -> text.append(", ").append(name).append(' ').append(count)
                .append(String.format(Locale.ROOT, " (%.1f %%)", 100.0 * count / all)));
        return text.append('\n').toString();
    }

    private static Map<String, Long> total(List<RouteStatus> routes) {
        Map<String, Long> totals = new TreeMap<>();
        routes.forEach(route -> route.calls.forEach((name, count) -> totals.merge(name, count, Long::sum)));
        return totals;
    }

    private static String json(List<RouteStatus> routes, List<String> referencesWithoutProvider) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("hessian2TimeAvailable", Hessian2TimeSupport.UNAVAILABLE == null);
        if (Hessian2TimeSupport.UNAVAILABLE != null) {
            result.put("reason", Hessian2TimeSupport.UNAVAILABLE);
        }
        List<Map<String, Object>> provided = new ArrayList<>();
        for (RouteStatus route : sideOf(routes, Side.PROVIDER)) {
            Map<String, Object> row = row(route);
            row.put("exported", route.seen != null);
            row.put("offersHessian2Time", route.seen != null && route.seen.offersHessian2Time());
            row.put("advertises", route.seen == null ? null : route.seen.advertised);
            row.put("callsReceived", route.calls);
            provided.add(row);
        }
        List<Map<String, Object>> consumed = new ArrayList<>();
        for (RouteStatus route : sideOf(routes, Side.CONSUMER)) {
            Map<String, Object> row = row(route);
            row.put("address", route.route.address);
            row.put("referred", route.seen != null);
            row.put("providerAdvertises", route.seen == null ? null : route.seen.advertised);
            row.put("callsUse", route.seen == null ? null : route.seen.format);
            row.put("callsSent", route.calls);
            consumed.add(row);
        }
        result.put("provider", provided);
        result.put("consumer", consumed);
        result.put("referencesWithoutProvider", referencesWithoutProvider);
        result.put("callsReceived", total(sideOf(routes, Side.PROVIDER)));
        result.put("callsSent", total(sideOf(routes, Side.CONSUMER)));
        return toJson(result, new StringBuilder()).toString();
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

    private static Map<String, Object> row(RouteStatus route) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("application", route.route.application);
        row.put("service", route.route.serviceKey);
        row.put("protocol", route.route.protocol);
        return row;
    }
}
