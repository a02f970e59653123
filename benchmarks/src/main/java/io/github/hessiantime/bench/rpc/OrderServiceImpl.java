package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.bench.DateOrder;
import io.github.hessiantime.bench.TimeOrder;

import java.util.Map;

public class OrderServiceImpl implements OrderService {

    @Override
    public DateOrder echoDateOrder(DateOrder order) {
        return order;
    }

    @Override
    public TimeOrder echoTimeOrder(TimeOrder order) {
        return order;
    }

    @Override
    public long processCpuNanos() {
        return RpcBenchmark.processCpuNanos();
    }

    @Override
    public Map<String, Long> receivedSerializations() {
        return SerializationCountingFilter.snapshot();
    }
}
