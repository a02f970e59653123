package io.github.hessiantime.dubbo;

import io.github.hessiantime.testsupport.ChildProtocol;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.MetricsConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A provider or consumer JVM for {@code OperationsIT}, with QoS on a loopback port and Dubbo's Prometheus metrics on;
 * driven through test-support's line protocol. Only Dubbo API that 3.2 and 3.3 share.
 *
 * <pre>
 * provider QOS_PORT DUBBO_PORT TRI_PORT   exports group "a" on dubbo (offering hessian2-time) and tri, "b" on dubbo
 * consumer QOS_PORT DUBBO_PORT TRI_PORT   refers to a over dubbo (negotiating), a over tri, b over dubbo (hessian2)
 * </pre>
 * Commands: {@code calls N} (N calls on every reference), {@code exit}.
 */
public final class OperationsPeer {

    /** 127.0.0.1 as one number: Dubbo ignores hosts starting with "127." and would bind every interface. */
    static final String LOOPBACK = "2130706433";

    /** The service: an Instant there and back. */
    public interface Clock {
        Instant echo(Instant value);
    }

    public static final class EchoingClock implements Clock {
        @Override
        public Instant echo(Instant value) {
            return value;
        }
    }

    private OperationsPeer() {
    }

    public static void main(String[] args) throws Exception {
        String role = args[0];
        int qosPort = Integer.parseInt(args[1]);
        int dubboPort = Integer.parseInt(args[2]);
        int triplePort = Integer.parseInt(args[3]);

        ApplicationConfig application = new ApplicationConfig("ops-" + role);
        application.setQosEnable(true);
        application.setQosHost("127.0.0.1");
        application.setQosPort(qosPort);
        application.setQosAcceptForeignIp(false);
        // interface-level registration only: Dubbo exports no MetadataService, whose port would bind every interface
        application.setRegisterMode("interface");
        MetricsConfig metrics = new MetricsConfig();
        metrics.setProtocol("prometheus");
        metrics.setExportMetricsService(false);
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application).metrics(metrics)
                .registry(new RegistryConfig("N/A"));

        Map<String, Clock> references = new LinkedHashMap<>();
        if ("provider".equals(role)) {
            ProtocolConfig dubbo = new ProtocolConfig("dubbo", dubboPort);
            dubbo.setHost(LOOPBACK);
            dubbo.setSerialization("hessian2");
            dubbo.setPreferSerialization("hessian2-time,hessian2");
            ProtocolConfig triple = new ProtocolConfig("tri", triplePort);
            triple.setHost(LOOPBACK);
            bootstrap.service(service("a", dubbo, triple)).service(service("b", dubbo));
            bootstrap.start();
        } else {
            String address = "://" + LOOPBACK + ":";
            List<ReferenceConfig<Clock>> configs = new ArrayList<>();
            configs.add(reference("a", "dubbo" + address + dubboPort + "?prefer.serialization=hessian2-time,hessian2"));
            configs.add(reference("a", "tri" + address + triplePort));
            // what a consumer without the jar would send
            configs.add(reference("b", "dubbo" + address + dubboPort + "?prefer.serialization=hessian2"));
            configs.forEach(bootstrap::reference);
            bootstrap.start();
            for (ReferenceConfig<Clock> config : configs) {
                references.put(config.getGroup() + " " + config.getUrl(), config.get());
            }
        }

        ChildProtocol protocol = new ChildProtocol();
        protocol.line("OK started " + role);
        protocol.serve(command -> execute(command, references), "exit");
        bootstrap.stop();
        System.exit(0);
    }

    private static ServiceConfig<Clock> service(String group, ProtocolConfig... protocols) {
        ServiceConfig<Clock> service = new ServiceConfig<>();
        service.setInterface(Clock.class);
        service.setRef(new EchoingClock());
        service.setGroup(group);
        service.setProtocols(Arrays.asList(protocols));
        return service;
    }

    private static ReferenceConfig<Clock> reference(String group, String url) {
        ReferenceConfig<Clock> reference = new ReferenceConfig<>();
        reference.setInterface(Clock.class);
        reference.setGroup(group);
        reference.setUrl(url);
        reference.setTimeout(15_000);
        return reference;
    }

    private static String execute(String[] command, Map<String, Clock> references) {
        switch (command[0]) {
            case "calls":
                int calls = Integer.parseInt(command[1]);
                Instant value = Instant.parse("2025-11-22T10:15:30.123456789Z");
                for (Map.Entry<String, Clock> reference : references.entrySet()) {
                    for (int i = 0; i < calls; i++) {
                        Instant back = reference.getValue().echo(value.plusSeconds(i));
                        if (!value.plusSeconds(i).equals(back)) {
                            return "FAIL " + reference.getKey() + " answered " + back;
                        }
                    }
                }
                return "OK " + calls + " calls on each of " + references.size() + " references";
            case "exit":
                return "OK exiting";
            default:
                return "FAIL unknown command " + command[0];
        }
    }
}
