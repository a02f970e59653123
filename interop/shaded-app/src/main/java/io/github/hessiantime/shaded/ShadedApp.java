package io.github.hessiantime.shaded;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import com.alibaba.csp.sentinel.slots.block.RuleConstant;
import com.alibaba.csp.sentinel.slots.block.flow.FlowRule;
import com.alibaba.csp.sentinel.slots.block.flow.FlowRuleManager;
import io.github.hessiantime.JavaTimeSerializerFactory;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * An application as users ship it: one jar shaded with maven-shade's defaults. Arguments: the port to bind on
 * 127.0.0.2 (a frame tap listens on the same port of 127.0.0.1). It round-trips values through a stock
 * {@code SerializerFactory}, through hessian-time's factory and through Dubbo's {@code hessian2-time}, then makes a
 * Dubbo call over loopback (no registry), then one more under a flow rule of Sentinel's Dubbo 3 adapter (shaded in
 * beside hessian-time, with a Filter file of its own) that lets no call into the provider, and prints one line per
 * check, {@code @@ OK ...} or {@code @@ FAIL ...}.
 */
public final class ShadedApp {

    /** Values that do not involve java.time (a stock reader got BigDecimal wrong when resource files clashed). */
    static final List<Object> PLAIN = Arrays.asList(new BigDecimal("12345.678"), new BigInteger("-98765432109876543210"),
            Locale.CANADA_FRENCH, Locale.TAIWAN);
    static final List<Object> TIME = Arrays.asList(Instant.parse("2025-11-22T10:15:30.123456789Z"),
            LocalDate.of(2024, 2, 29), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999),
            ZonedDateTime.of(LocalDateTime.of(2025, 11, 2, 1, 30), ZoneId.of("America/New_York")),
            Duration.ofSeconds(-1, 1));

    /** The service the app calls on itself. */
    public interface EchoService {
        List<Object> echo(List<Object> values);
    }

    public static final class Echo implements EchoService {
        @Override
        public List<Object> echo(List<Object> values) {
            return values;
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        List<Object> everything = new ArrayList<>(PLAIN);
        everything.addAll(TIME);
        report("stock", check(PLAIN, stockRoundTrip(PLAIN)) + " " + check(TIME, stockRoundTrip(TIME)));
        report("factory", check(everything, timeRoundTrip(everything)));
        report("hessian2-time", check(everything, dubboRoundTrip("hessian2-time", everything)));
        report("hessian2", check(everything, dubboRoundTrip("hessian2", everything)));
        EchoService echo = connect(port);
        report("call", check(everything, echo.echo(new ArrayList<>(everything))));
        report("sentinel", sentinelRejects(echo, everything));
        System.exit(0);
    }

    private static void report(String what, String outcome) {
        System.out.println("@@ " + (outcome.contains("differs") ? "FAIL " : "OK ") + what + " " + outcome);
    }

    private static String check(List<Object> expected, Object actual) {
        return expected.equals(actual) ? "equal=" + expected.size() : "differs: " + actual + " != " + expected;
    }

    private static Object stockRoundTrip(List<Object> values) throws IOException {
        return roundTrip(new SerializerFactory(), values);
    }

    private static Object timeRoundTrip(List<Object> values) throws IOException {
        return roundTrip(JavaTimeSerializerFactory.compact().newSerializerFactory(), values);
    }

    private static Object roundTrip(SerializerFactory factory, List<Object> values) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output output = new Hessian2Output(bytes);
        output.setSerializerFactory(factory);
        output.writeObject(new ArrayList<>(values));
        output.flush();
        Hessian2Input input = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
        input.setSerializerFactory(factory);
        return input.readObject();
    }

    private static Object dubboRoundTrip(String name, List<Object> values) throws Exception {
        Serialization serialization =
                FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).getExtension(name);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput output = serialization.serialize(null, bytes);
        output.writeObject(new ArrayList<>(values));
        output.flushBuffer();
        ObjectInput input = serialization.deserialize(null, new ByteArrayInputStream(bytes.toByteArray()));
        return input.readObject();
    }

    /**
     * One call while Sentinel's flow rule for the provider's side of the service allows 0 calls a second: Sentinel's
     * provider filter ({@code sentinel.dubbo.provider.filter}) must reject it. The JVM runs with
     * {@code csp.sentinel.dubbo.resource.use.prefix=true}, so the rule's resource is the provider's alone.
     */
    private static String sentinelRejects(EchoService echo, List<Object> values) {
        FlowRule rule = new FlowRule("dubbo:provider:" + EchoService.class.getName());
        rule.setGrade(RuleConstant.FLOW_GRADE_QPS);
        rule.setCount(0);
        FlowRuleManager.loadRules(Collections.singletonList(rule));
        try {
            Object answer = echo.echo(new ArrayList<>(values));
            return "differs: the call passed Sentinel's provider flow rule (QPS 0) and returned " + answer;
        } catch (RuntimeException rejected) {
            for (Throwable cause = rejected; cause != null; cause = cause.getCause()) {
                if (String.valueOf(cause).contains("FlowException")) {
                    return "rejected by the provider's flow rule: " + rejected.getClass().getSimpleName();
                }
            }
            return "differs: failed without Sentinel's FlowException: " + rejected;
        } finally {
            FlowRuleManager.loadRules(Collections.emptyList());
        }
    }

    private static EchoService connect(int port) {
        ApplicationConfig application = new ApplicationConfig("shaded-app");
        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);
        protocol.setHost("2130706434"); // 127.0.0.2: the tap on 127.0.0.1 relays to it
        protocol.setSerialization("hessian2");
        protocol.setPreferSerialization("hessian2-time,hessian2");
        ServiceConfig<EchoService> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        service.setProtocol(protocol);
        service.setInterface(EchoService.class);
        service.setRef(new Echo());
        service.export();
        ReferenceConfig<EchoService> reference = new ReferenceConfig<>();
        reference.setApplication(application);
        reference.setInterface(EchoService.class);
        // the provider's URL as a registry would give it, through the tap
        reference.setUrl("dubbo://2130706433:" + port + "/" + EchoService.class.getName()
                + "?prefer.serialization=hessian2-time,hessian2&serialization=hessian2");
        reference.setScope("remote");
        reference.setTimeout(15_000);
        reference.setRetries(0); // the rejected call once, not three times
        return reference.get();
    }
}
