package io.github.hessiantime.dubbo;

import io.github.hessiantime.dubbo.SerializationStatus.Route;
import io.github.hessiantime.dubbo.SerializationStatus.Side;
import org.apache.dubbo.metrics.collector.MetricsCollector;
import org.apache.dubbo.metrics.event.MetricsEvent;
import org.apache.dubbo.metrics.event.TimeCounterEvent;
import org.apache.dubbo.metrics.model.MetricsCategory;
import org.apache.dubbo.metrics.model.sample.CounterMetricSample;
import org.apache.dubbo.metrics.model.sample.MetricSample;
import org.apache.dubbo.rpc.model.ApplicationModel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;

/**
 * Calls per serialization among Dubbo's metrics: a {@code MetricsCollector} bean of each application, which Dubbo's
 * metrics reporters (Prometheus included) collect from like from Dubbo's own collectors, when the application
 * enabled metrics; otherwise nothing reads it. Two counters, beside Dubbo's own {@code dubbo_provider_requests_total}
 * and {@code dubbo_consumer_requests_total}:
 * <ul>
 *   <li>{@value #RECEIVED}: calls a provider received, per service, protocol and serialization;</li>
 *   <li>{@value #SENT}: calls a consumer sent, the same way (summed over provider addresses: the
 *       {@code hessian2Time} QoS command shows each address).</li>
 * </ul>
 * Tags: {@code application.name}, {@code interface}, {@code group}, {@code version}, {@code protocol},
 * {@code serialization}. The values are live counters of {@link SerializationStatus}; a new series is reported when
 * a call first uses a new one.
 *
 * <p>Registered by {@link Hessian2TimeScopeModelInitializer} only when Dubbo's metrics API is on the class path, so
 * the jar never needs Dubbo's metrics modules.
 */
final class Hessian2TimeMetricsCollector implements MetricsCollector<TimeCounterEvent> {

    static final String RECEIVED = "dubbo.provider.serialization.requests.total";
    static final String SENT = "dubbo.consumer.serialization.requests.total";
    private static final String SIDE = "side"; // which counter a series belongs to; not a tag of it

    private final ApplicationModel application;
    private final SerializationStatus status;
    // one live sum per series: a registered counter keeps the object it was first given
    private final Map<Map<String, String>, Sum> sums = new ConcurrentHashMap<>();
    private volatile int collectedSeries = -1;

    private Hessian2TimeMetricsCollector(ApplicationModel application, SerializationStatus status) {
        this.application = application;
        this.status = status;
    }

    /** Registers a collector with {@code model} if this framework keeps a {@link SerializationStatus}. */
    static void registerIn(ApplicationModel model) {
        SerializationStatus status = model.getFrameworkModel().getBeanFactory().getBean(SerializationStatus.class);
        if (status != null) {
            // the application's name is known only once it is configured: read when collecting
            model.getBeanFactory().registerBean(new Hessian2TimeMetricsCollector(model, status));
        }
    }

    @Override
    public boolean isCollectEnabled() {
        return true;
    }

    @Override
    public List<MetricSample> collect() {
        collectedSeries = status.seriesCount();
        String name = application.getApplicationName();
        Map<Map<String, String>, Sum> current = new LinkedHashMap<>();
        status.counters().forEach((route, perFormat) -> {
            if (!route.application().equals(name)) {
                return;
            }
            perFormat.forEach((serialization, adder) -> {
                Sum sum = sums.computeIfAbsent(tags(route, serialization), key -> new Sum());
                sum.include(adder);
                current.put(tags(route, serialization), sum);
            });
        });
        List<MetricSample> samples = new ArrayList<>();
        current.forEach((tags, sum) -> samples.add(new CounterMetricSample<>(
                "provider".equals(tags.get(SIDE)) ? RECEIVED : SENT,
                "provider".equals(tags.get(SIDE)) ? "Calls received per serialization"
                        : "Calls sent per serialization",
                withoutSide(tags), MetricsCategory.REQUESTS, sum)));
        return samples;
    }

    @Override
    public boolean calSamplesChanged() {
        return status.seriesCount() != collectedSeries;
    }

    @Override
    public boolean isSupport(MetricsEvent event) {
        return false; // fed by SerializationStatus, not by Dubbo's metrics events
    }

    @Override
    public void onEvent(TimeCounterEvent event) {
        // no events
    }

    private static Map<String, String> tags(Route route, String serialization) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(SIDE, route.side == Side.PROVIDER ? "provider" : "consumer");
        tags.put("application.name", route.application());
        tags.put("interface", route.serviceInterface());
        tags.put("group", route.group());
        tags.put("version", route.version());
        tags.put("protocol", route.protocol());
        tags.put("serialization", serialization);
        return tags;
    }

    private static Map<String, String> withoutSide(Map<String, String> tags) {
        Map<String, String> copy = new LinkedHashMap<>(tags);
        copy.remove(SIDE);
        return copy;
    }

    /** The sum of the counters of one series: a consumer's calls to each provider address. */
    private static final class Sum extends Number {
        private static final long serialVersionUID = 1L;
        private final List<LongAdder> adders = new CopyOnWriteArrayList<>();

        void include(LongAdder adder) {
            if (!adders.contains(adder)) {
                adders.add(adder);
            }
        }

        @Override
        public long longValue() {
            long total = 0;
            for (LongAdder adder : adders) {
                total += adder.sum();
            }
            return total;
        }

        @Override
        public int intValue() {
            return (int) longValue();
        }

        @Override
        public float floatValue() {
            return longValue();
        }

        @Override
        public double doubleValue() {
            return longValue();
        }
    }
}
